import type { Actor, RequestMeta } from "../auth/actor";
import { changedFields, recordAudit } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import type { Prisma, Project } from "../db/generated/client";
import { ValidationFailed } from "../errors";
import { inProject } from "./access";
import { reviewedChange } from "./reviewed-content";
import { DEFAULT_PROJECT_SETTINGS, projectSettingsSchema, type ProjectSettings } from "./schemas";
import { versionedUpdate } from "./versioned-update";

/** The project's settings as stored, or the defaults where the stored value no longer parses. */
export function settingsOf(project: Project): ProjectSettings {
  const parsed = projectSettingsSchema.safeParse(project.settings);
  return parsed.success ? parsed.data : DEFAULT_PROJECT_SETTINGS;
}

export async function getSettings(actor: Actor | null, projectId: string) {
  const context = await inProject(actor, projectId, { permission: "project.settings" });
  return { project: context.project, body: { visibility: context.project.visibility, settings: settingsOf(context.project) } };
}

export async function updateSettings(
  actor: Actor,
  projectId: string,
  input: { visibility: Project["visibility"]; settings: ProjectSettings },
  expectedVersion: number,
  meta: RequestMeta,
) {
  return db.$transaction(async (tx) => {
    const context = await inProject(actor, projectId, { permission: "project.settings", client: tx });
    await reviewedChange(tx, context.project);
    await assertOfferableRoles(tx, projectId, input.settings.offeredRoleIds);
    const updated = await versionedUpdate(tx, projectId, expectedVersion, { visibility: input.visibility, settings: input.settings });
    await recordAudit(tx, context.audit(meta), {
      action: "project.settings",
      targetType: "project",
      targetId: projectId,
      projectId,
      changes: changedFields(
        { visibility: context.project.visibility, settings: settingsOf(context.project) },
        { visibility: updated.visibility, settings: input.settings },
      ),
    });
    return { project: updated, body: { visibility: updated.visibility, settings: settingsOf(updated) } };
  });
}

/**
 * The roles a project may offer applicants: every role but Owner. Custom roles have no key, and
 * SQL's `NOT (key = 'OWNER')` is not true for a null key, so the null is named.
 */
export const OFFERABLE_ROLES = { OR: [{ key: null }, { key: { not: "OWNER" } }] } satisfies Prisma.ProjectRoleWhereInput;

/** Roles offered to applicants are roles of this project, and never Owner. */
async function assertOfferableRoles(tx: Tx, projectId: string, roleIds: string[]) {
  if (!roleIds.length) return;
  const found = await tx.projectRole.count({ where: { projectId, id: { in: roleIds }, ...OFFERABLE_ROLES } });
  if (found !== new Set(roleIds).size)
    throw new ValidationFailed([{ path: "settings.offeredRoleIds", message: "Offer only roles of this project (not Owner)." }]);
}

/** A role that is deleted is no longer offered (in the same transaction as the deletion). */
export async function withdrawRoleOffer(tx: Tx, project: Project, roleId: string): Promise<void> {
  const settings = settingsOf(project);
  if (!settings.offeredRoleIds.includes(roleId)) return;
  await reviewedChange(tx, project);
  const offeredRoleIds = settings.offeredRoleIds.filter((id) => id !== roleId);
  await tx.project.update({ where: { id: project.id }, data: { settings: { ...settings, offeredRoleIds }, version: { increment: 1 } } });
}
