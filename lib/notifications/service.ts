import { wanting } from "./settings";
import { z } from "zod";
import type { Actor } from "../auth/actor";
import { cachedData } from "../cache/data-cache";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { DEFAULT_LOCALE, localeOfSetting, type Locale } from "../i18n/locales";
import { queueMailToUsers } from "../mail/outbox";
import type { MailTemplate, MailTemplateData } from "../mail/templates";
import { PLATFORM_ROLES, platformPermissions, projectAccess, type PlatformPermission, type ProjectPermission } from "../permissions";
import { renderNotification, renderStored, type NotificationKind, type NotificationParams } from "./kinds";

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z
    .string()
    .describe(
      "In the caller's language setting; without one (follow the browser), the request's Accept-Language. English where the platform has no translation.",
    ),
  body: z.string(),
  params: z
    .record(z.string(), z.string())
    .nullable()
    .describe(
      "The parts of the text as people wrote them (project name, reason...), by kind; null for notifications from before they were kept.",
    ),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});

/**
 * In-portal notifications, written in the transaction of what they announce. They keep their kind
 * and params and are put into words when read (lib/notifications/kinds.ts); the English text is
 * stored too, for whoever reads the table directly.
 */
export async function notify<K extends NotificationKind>(
  tx: Tx,
  userIds: string[],
  message: { kind: K; params: NotificationParams<K>; link?: string },
) {
  // Those who switched this kind off in the portal are left out (lib/notifications/settings.ts).
  const unique = await wanting(tx, [...new Set(userIds)], message.kind, "inApp");
  if (!unique.length) return;
  const { title, body } = renderNotification(message.kind, message.params, DEFAULT_LOCALE);
  const params = message.params as Prisma.InputJsonObject;
  await tx.notification.createMany({
    data: unique.map((userId) => ({ userId, kind: message.kind, params, title, body, link: message.link ?? null })),
  });
}

/**
 * A decision (on an application, a project's review, a release) told to those it concerns, each as
 * they chose: in the portal, and in a mail of its own to those who want the notification's kind by
 * mail. `mail` is the mail's data but for the greeting's name, which is each reader's.
 */
export async function tellDecision<K extends NotificationKind, T extends MailTemplate>(
  tx: Tx,
  userIds: string[],
  message: { kind: K; params: NotificationParams<K>; link: string },
  template: T,
  mail: Omit<MailTemplateData[T], "name">,
) {
  await notify(tx, userIds, message);
  const byMail = await wanting(tx, userIds, message.kind, "email");
  await queueMailToUsers(tx, byMail, template, (user) => ({ ...mail, name: user.displayName }) as MailTemplateData[T]);
}

/**
 * The project's members who hold `permission` by the same rule the services apply (an Owner whose
 * partner status is not ACTIVE holds only Member permissions); suspended accounts hear nothing.
 * E.g. project.submit: who hears review outcomes; applications.decide: who hears of applications.
 */
export async function membersHolding(tx: Tx, projectId: string, permission: ProjectPermission): Promise<string[]> {
  const project = await tx.project.findUniqueOrThrow({ where: { id: projectId }, select: { status: true, visibility: true } });
  const members = await tx.projectMember.findMany({
    where: { projectId, user: { suspendedAt: null } },
    select: { userId: true, role: true, user: { select: { platformRoles: true, partnerStatus: true } } },
  });
  return members
    .filter((member) => projectAccess(member.user, member.role, project).permissions.has(permission))
    .map((member) => member.userId);
}

/** Active accounts whose platform roles carry `permission` (e.g. projects.review: who hears about submissions). */
export async function usersHolding(tx: Tx, permission: PlatformPermission): Promise<string[]> {
  const roles = PLATFORM_ROLES.filter((role) => platformPermissions({ platformRoles: [role], partnerStatus: "ACTIVE" }).has(permission));
  const users = await tx.user.findMany({
    where: { platformRoles: { hasSome: roles }, suspendedAt: null },
    select: { id: true, platformRoles: true, partnerStatus: true },
  });
  return users.filter((user) => platformPermissions(user).has(permission)).map((user) => user.id);
}

/**
 * The caller's latest notifications in `locale`: the portal passes the page's language, the API
 * the caller's setting or, following the browser, its Accept-Language (left out: the setting, else
 * English). Rows without params keep their stored text.
 */
export async function listNotifications(actor: Actor, unreadOnly: boolean, locale: Locale = localeOfSetting(actor.language)) {
  const rows = await db.notification.findMany({
    where: { userId: actor.userId, ...(unreadOnly ? { readAt: null } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 100,
  });
  return rows.map((row) => {
    const text = renderStored(row.kind, row.params, locale) ?? { title: row.title, body: row.body };
    const params = row.params === null ? null : (row.params as Record<string, string>);
    return {
      id: row.id,
      kind: row.kind,
      ...text,
      params,
      link: row.link,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function unreadCount(actor: Actor): Promise<number> {
  // Every page's header shows it: per user from the data cache (any notification write empties it).
  return cachedData(`unread:${actor.userId}`, () => db.notification.count({ where: { userId: actor.userId, readAt: null } }));
}

/** Marks the caller's notifications read (all, or the given ones). Only the caller's own. */
export async function markNotificationsRead(actor: Actor, ids: string[] | undefined) {
  const { count } = await db.notification.updateMany({
    where: { userId: actor.userId, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
    data: { readAt: new Date() },
  });
  return count;
}
