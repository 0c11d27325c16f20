import { createHash } from "node:crypto";
import type { Prisma } from "../db/client";
import type { Tx } from "../db/client";
import { recordEvents } from "./events";

/** Who caused a change, as the audit log records it. */
export interface AuditContext {
  actorId: string | null;
  via: "SESSION" | "TOKEN" | "SYSTEM";
  ip?: string | null;
  requestId?: string | null;
  /** The Project lead acted inside a project without being a member. */
  override?: boolean;
}

export const SYSTEM: AuditContext = { actorId: null, via: "SYSTEM" };

/** The audit context of a request: who (a user id, or null for the system), how, and from where. */
export function auditContextOf(
  actorId: string | null,
  via: AuditContext["via"],
  request: { ip: string | null; requestId?: string | null },
): AuditContext {
  return { actorId, via, ip: request.ip, requestId: request.requestId ?? null };
}

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** The changed fields of `after` compared with `before`, as {field: {before, after}}. */
export function changedFields<T extends Record<string, unknown>>(before: Partial<T>, after: Partial<T>): FieldChanges {
  const changes: FieldChanges = {};
  for (const key of Object.keys(after)) {
    const was = before[key];
    const now = after[key];
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = { before: was ?? null, after: now ?? null };
  }
  return changes;
}

/** A long text (a page's body, an announcement's) as the audit log keeps it: its length and a fingerprint, since the log is not its history. */
export function textFingerprint(text: string): string {
  return `${text.length} characters, sha256 ${createHash("sha256").update(text).digest("hex").slice(0, 12)}`;
}

/**
 * Writes one audit entry inside the caller's transaction, so the change and its record commit
 * together, and with it the change's events (lib/audit-log/events.ts: the one place events come from).
 */
export async function recordAudit(
  tx: Tx,
  context: AuditContext,
  entry: { action: string; targetType: string; targetId: string; projectId?: string | null; changes?: FieldChanges },
) {
  await tx.auditEntry.create({
    data: {
      actorId: context.actorId,
      actorVia: context.override ? `${context.via}:OVERRIDE` : context.via,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      projectId: entry.projectId ?? null,
      changes: redact(entry.changes ?? {}) as Prisma.InputJsonValue,
      ip: context.ip ?? null,
      requestId: context.requestId ?? null,
    },
  });
  await recordEvents(tx, context.actorId, entry);
}

const SECRET_FIELDS = new Set(["passwordHash", "totpSecret", "tokenHash"]);

function redact(changes: FieldChanges): FieldChanges {
  const safe: FieldChanges = {};
  for (const [field, change] of Object.entries(changes)) {
    safe[field] = SECRET_FIELDS.has(field) ? { before: "[redacted]", after: "[redacted]" } : change;
  }
  return safe;
}
