import type { Actor, RequestMeta } from "../auth/actor";
import { auditContext } from "../auth/actor";
import { recordAudit } from "../audit-log/record";
import { db } from "../db/client";
import { PreconditionFailed } from "../errors";
import type { Prisma } from "../db/generated/client";
import { inProject } from "../projects/access";
import { resolveSettings, type NotificationSettings, type notificationSettingsInputSchema } from "./settings";
import type { z } from "zod";

/** The caller's channels for every kind of notification. */
export async function getNotificationSettings(actor: Actor): Promise<NotificationSettings> {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { notificationSettings: true, settings: true } });
  return resolveSettings(user.notificationSettings, user.settings);
}

/** Sets the channels of the kinds named (the others keep theirs); answers with every kind's. */
export async function updateNotificationSettings(
  actor: Actor,
  input: z.output<typeof notificationSettingsInputSchema>,
  meta: RequestMeta,
): Promise<NotificationSettings> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { notificationSettings: true, settings: true } });
    const before = resolveSettings(user.notificationSettings, user.settings);
    const stored = { ...(user.notificationSettings as Record<string, unknown>), ...input };
    await tx.user.update({ where: { id: actor.userId }, data: { notificationSettings: stored as Prisma.InputJsonObject } });
    const after = resolveSettings(stored, user.settings);
    const changed = Object.keys(input).filter(
      (kind) => JSON.stringify(before[kind as keyof NotificationSettings]) !== JSON.stringify(after[kind as keyof NotificationSettings]),
    );
    await recordAudit(tx, auditContext(actor, meta), {
      action: "user.notification_settings",
      targetType: "user",
      targetId: actor.userId,
      changes: Object.fromEntries(
        changed.map((kind) => [
          kind,
          { before: before[kind as keyof NotificationSettings], after: after[kind as keyof NotificationSettings] },
        ]),
      ),
    });
    return after;
  });
}

/** 412 when the caller named a project version (If-Match) that is no longer the current one. */
function requireVersion(project: { version: number }, ifMatch: number | null) {
  if (ifMatch !== null && ifMatch !== project.version) throw new PreconditionFailed();
}

/**
 * Follows a project the caller can see (404 otherwise): its releases and announcements reach them.
 * An optional If-Match names the project version the caller read (412 when stale).
 */
export async function followProject(actor: Actor, projectId: string, ifMatch: number | null = null): Promise<{ following: boolean }> {
  requireVersion((await inProject(actor, projectId)).project, ifMatch);
  await db.projectFollow.upsert({
    where: { projectId_userId: { projectId, userId: actor.userId } },
    create: { projectId, userId: actor.userId },
    update: {},
  });
  return { following: true };
}

export async function unfollowProject(actor: Actor, projectId: string, ifMatch: number | null = null): Promise<{ following: boolean }> {
  requireVersion((await inProject(actor, projectId)).project, ifMatch);
  await db.projectFollow.deleteMany({ where: { projectId, userId: actor.userId } });
  return { following: false };
}

/** Whether the caller follows the project (the project page's button). */
export async function isFollowing(actor: Actor | null, projectId: string): Promise<boolean> {
  if (!actor) return false;
  return (await db.projectFollow.count({ where: { projectId, userId: actor.userId } })) > 0;
}
