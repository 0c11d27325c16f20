import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { Forbidden } from "../errors";
import { afterPosition, decodeCursor, NEWEST_FIRST, toPage } from "../http/pagination";
import { auditVisibility, hasPlatformPermission, redactAuditEntry, WARNING_TARGET_TYPES } from "../permissions";
import { inProject } from "../projects/access";
import { displayNames } from "../users/present";
import { type AuditQuery, rangeEnd, rangeStart } from "./schemas";

/** One page of entries as `reader` may see them: warnings only for warnings.read, personal fields and IPs redacted. */
async function page(reader: Actor, where: Prisma.AuditEntryWhereInput, query: AuditQuery) {
  const visibility = auditVisibility(reader);
  const rows = await db.auditEntry.findMany({
    where: {
      AND: [
        where,
        visibility.warnings ? {} : { targetType: { notIn: [...WARNING_TARGET_TYPES] } },
        query.actorId ? { actorId: query.actorId } : {},
        query.action ? { action: { startsWith: query.action } } : {},
        query.targetType ? { targetType: query.targetType } : {},
        query.targetId ? { targetId: query.targetId } : {},
        query.from ? { createdAt: { gte: rangeStart(query.from) } } : {},
        query.to ? { createdAt: { lte: rangeEnd(query.to) } } : {},
        afterPosition(decodeCursor(query.cursor)),
      ],
    },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  const names = await displayNames(
    db,
    rows.map((row) => row.actorId),
  );
  return toPage(rows, query.limit, (row) =>
    redactAuditEntry(
      {
        id: row.id,
        at: row.createdAt.toISOString(),
        actor: row.actorId ? (names.get(row.actorId) ?? { id: row.actorId, displayName: "(deleted user)" }) : null,
        via: row.actorVia,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        projectId: row.projectId,
        changes: row.changes as Record<string, { before: unknown; after: unknown }>,
        ip: row.ip,
        requestId: row.requestId,
      },
      visibility,
    ),
  );
}

function requireAuditReader(actor: Actor) {
  if (!hasPlatformPermission(actor, "audit.read"))
    throw new Forbidden("The audit log needs the audit.read permission (tokens: the admin scope).");
}

/** The platform audit log, for audit.read. */
export async function listAudit(actor: Actor, query: AuditQuery) {
  requireAuditReader(actor);
  return page(actor, query.projectId ? { projectId: query.projectId } : {}, query);
}

/** How many suggestions the audit log's pickers offer. */
const PICKER_LIMIT = 8;

/**
 * Accounts to filter the platform audit log by (its user picker), for audit.read: matched on the
 * username's start or the display name, never on an e-mail address; only the public profile, which
 * the log names anyway.
 */
export async function searchAuditUsers(actor: Actor, query: string) {
  requireAuditReader(actor);
  const q = query.trim();
  if (q.length < 2) return [];
  return db.user.findMany({
    where: {
      deletedAt: null,
      OR: [{ usernameKey: { startsWith: q.toLowerCase() } }, { displayName: { contains: q, mode: "insensitive" } }],
    },
    select: { id: true, username: true, displayName: true, avatarUrl: true },
    orderBy: [{ usernameKey: "asc" }],
    take: PICKER_LIMIT,
  });
}

/** Projects to filter the platform audit log by (its project picker), for audit.read: every project, deleted ones too (their entries stay). */
export async function searchAuditProjects(actor: Actor, query: string) {
  requireAuditReader(actor);
  const q = query.trim();
  if (q.length < 2) return [];
  return db.project.findMany({
    where: { OR: [{ name: { contains: q, mode: "insensitive" } }, { slug: { startsWith: q.toLowerCase() } }] },
    select: { id: true, name: true, slug: true },
    orderBy: [{ name: "asc" }],
    take: PICKER_LIMIT,
  });
}

/** A project's own audit entries, for those who manage it (project.settings: Owner and Managers). */
export async function listProjectAudit(actor: Actor, projectId: string, query: AuditQuery) {
  await inProject(actor, projectId, { permission: "project.settings" });
  return page(actor, { projectId }, { ...query, projectId });
}
