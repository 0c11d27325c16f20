import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { recordAudit } from "../audit-log/record";
import { db } from "../db/client";
import type { Warning } from "../db/generated/client";
import { NotFound, ValidationFailed } from "../errors";
import { hasPlatformPermission, type PlatformPermission } from "../permissions";
import { displayNames } from "../users/present";
import type { CreateWarningInput } from "./schemas";
import { liveUser } from "../users/live";

/**
 * Warnings are internal to the platform team. Without the permission they do not exist: every
 * answer is 404, for the warned user too, so not even their existence shows.
 */
function requireWarnings(actor: Actor | null, permission: PlatformPermission) {
  if (!hasPlatformPermission(actor, permission)) throw new NotFound();
}

function present(warning: Warning & { author?: { id: string; displayName: string } | null }) {
  const now = Date.now();
  return {
    id: warning.id,
    userId: warning.userId,
    projectId: warning.projectId,
    kind: warning.kind,
    severity: warning.severity,
    reason: warning.reason,
    internalNote: warning.internalNote,
    author: warning.author ?? null,
    createdAt: warning.createdAt.toISOString(),
    expiresAt: warning.expiresAt?.toISOString() ?? null,
    revokedAt: warning.revokedAt?.toISOString() ?? null,
    active: !warning.revokedAt && (!warning.expiresAt || warning.expiresAt.getTime() > now),
  };
}

export async function listWarnings(actor: Actor | null, userId: string) {
  requireWarnings(actor, "warnings.read");
  await liveUser(userId);
  const warnings = await db.warning.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, take: 200 });
  const names = await displayNames(
    db,
    warnings.map((warning) => warning.authorId),
  );
  return warnings.map((warning) => present({ ...warning, author: warning.authorId ? (names.get(warning.authorId) ?? null) : null }));
}

export async function createWarning(actor: Actor, userId: string, input: CreateWarningInput, meta: RequestMeta) {
  requireWarnings(actor, "warnings.manage");
  if (input.expiresAt && new Date(input.expiresAt).getTime() <= Date.now())
    throw new ValidationFailed([{ path: "expiresAt", message: "The expiry must lie in the future." }]);
  return db.$transaction(async (tx) => {
    await liveUser(userId, tx);
    if (input.projectId && !(await tx.project.count({ where: { id: input.projectId } })))
      throw new ValidationFailed([{ path: "projectId", message: "No such project." }]);
    const warning = await tx.warning.create({
      data: {
        userId,
        projectId: input.projectId ?? null,
        kind: input.kind,
        severity: input.severity,
        reason: input.reason,
        internalNote: input.internalNote ?? null,
        authorId: actor.userId,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      },
    });
    await recordAudit(tx, auditContext(actor, meta), {
      action: "warning.create",
      targetType: "warning",
      targetId: warning.id,
      projectId: input.projectId ?? null,
      changes: {
        userId: { before: null, after: userId },
        kind: { before: null, after: input.kind },
        severity: { before: null, after: input.severity },
      },
    });
    return present({ ...warning, author: { id: actor.userId, displayName: actor.displayName } });
  });
}

export async function revokeWarning(actor: Actor, warningId: string, meta: RequestMeta) {
  requireWarnings(actor, "warnings.manage");
  await db.$transaction(async (tx) => {
    const { count } = await tx.warning.updateMany({
      where: { id: warningId, revokedAt: null },
      data: { revokedAt: new Date(), revokedById: actor.userId },
    });
    if (count === 0) throw new NotFound("warning");
    await recordAudit(tx, auditContext(actor, meta), { action: "warning.revoke", targetType: "warning", targetId: warningId });
  });
}
