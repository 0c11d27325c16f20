import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { Forbidden } from "../errors";
import { afterPosition, decodeCursor, NEWEST_FIRST, toPage } from "../http/pagination";
import { auditVisibility, hasPlatformPermission, redactAuditEntry, WARNING_TARGET_TYPES } from "../permissions";
import { inProject } from "../projects/access";
import { displayNames } from "../users/present";
import type { AuditQuery } from "./schemas";

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
        query.from ? { createdAt: { gte: new Date(query.from) } } : {},
        query.to ? { createdAt: { lte: new Date(query.to) } } : {},
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

/** The platform audit log, for audit.read. */
export async function listAudit(actor: Actor, query: AuditQuery) {
  if (!hasPlatformPermission(actor, "audit.read"))
    throw new Forbidden("The audit log needs the audit.read permission (tokens: the admin scope).");
  return page(actor, query.projectId ? { projectId: query.projectId } : {}, query);
}

/** A project's own audit entries, for those who manage it (project.settings: Owner and Managers). */
export async function listProjectAudit(actor: Actor, projectId: string, query: AuditQuery) {
  await inProject(actor, projectId, { permission: "project.settings" });
  return page(actor, { projectId }, { ...query, projectId });
}
