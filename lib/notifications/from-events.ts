import type { Tx } from "../db/client";
import type { Project } from "../db/generated/client";
import { canReadMessages, canSeeRelease, projectAccess, type ProjectAccess } from "../permissions";
import { settingsOf } from "../projects/settings";
import { publicBaseUrl, queueMail } from "../mail/outbox";
import { renderNotification, type NotificationKind, type NotificationParams } from "./kinds";
import { wanting } from "./settings";
import { isLocale, DEFAULT_LOCALE } from "../i18n/locales";

/**
 * Notifications as a consumer of events (lib/audit-log/events.ts): the dispatcher hands every new
 * event here in the transaction that fans it out (lib/webhooks/dispatcher.ts), so a change that
 * committed is told to the people it concerns within seconds, in the portal and, where they want
 * it, by mail (lib/notifications/settings.ts). These are the kinds about a person's own place:
 * joining or leaving a team, a new role, a new Owner, a partner status, an invitation to a team and
 * its answer (to the one who invited); and the releases and
 * announcements of the projects a person follows. (Review and application outcomes are told by
 * their services, in the decision's own transaction.)
 */

export interface EventRow {
  id: string;
  type: string;
  projectId: string | null;
  actorId: string | null;
  data: unknown;
}

type Changes = Record<string, { before: unknown; after: unknown } | undefined>;
interface EventData {
  userId?: string;
  invitationId?: string;
  releaseId?: string;
  messageId?: string;
  changes?: Changes;
}

async function projectOf(tx: Tx, projectId: string | null) {
  if (!projectId) return null;
  return tx.project.findUnique({ where: { id: projectId }, select: { id: true, name: true, slug: true, deletedAt: true } });
}

async function invitationOf(tx: Tx, invitationId: string | undefined) {
  if (!invitationId) return null;
  return tx.projectInvitation.findUnique({
    where: { id: invitationId },
    select: {
      userId: true,
      invitedById: true,
      role: { select: { name: true, key: true } },
      user: { select: { displayName: true } },
      invitedBy: { select: { displayName: true } },
    },
  });
}

async function roleKey(tx: Tx, projectId: string, name: unknown): Promise<string> {
  if (typeof name !== "string") return "";
  const role = await tx.projectRole.findFirst({ where: { projectId, name }, select: { key: true } });
  return role?.key ?? "";
}

/**
 * Tells `userIds` (never the actor: nobody hears of what they did themselves) in the portal and by
 * mail, each as they chose; suspended accounts hear nothing.
 */
async function tell<K extends NotificationKind>(
  tx: Tx,
  event: EventRow,
  userIds: (string | undefined | null)[],
  message: { kind: K; params: NotificationParams<K>; link: string },
) {
  const people = [...new Set(userIds.filter((id): id is string => Boolean(id) && id !== event.actorId))];
  if (!people.length) return;
  const active = (await tx.user.findMany({ where: { id: { in: people }, suspendedAt: null, deletedAt: null }, select: { id: true } })).map(
    (user) => user.id,
  );
  const inApp = await wanting(tx, active, message.kind, "inApp");
  if (inApp.length) {
    const { title, body } = renderNotification(message.kind, message.params, DEFAULT_LOCALE);
    await tx.notification.createMany({
      data: inApp.map((userId) => ({ userId, kind: message.kind, params: message.params, title, body, link: message.link })),
    });
  }
  const byMail = await wanting(tx, active, message.kind, "email");
  if (!byMail.length) return;
  const readers = await tx.user.findMany({ where: { id: { in: byMail } }, select: { email: true, language: true, displayName: true } });
  for (const reader of readers) {
    const { title, body } = renderNotification(message.kind, message.params, isLocale(reader.language) ? reader.language : DEFAULT_LOCALE);
    await queueMail(tx, {
      to: reader.email,
      language: reader.language,
      template: "notification",
      data: { name: reader.displayName, title, body, link: `${publicBaseUrl()}${message.link}` },
    });
  }
}

/**
 * Followers of the project who are not on its team (the team hears through its own kinds) and who
 * may see what is told, by the same rules as the pages (lib/permissions): `sees` gets each
 * follower's access to the project.
 */
async function followersWhoSee(tx: Tx, projectId: string, sees: (access: ProjectAccess, project: Project) => boolean): Promise<string[]> {
  const project = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
  const [followers, members] = await Promise.all([
    tx.projectFollow.findMany({
      where: { projectId },
      select: { user: { select: { id: true, platformRoles: true, partnerStatus: true } } },
    }),
    tx.projectMember.findMany({ where: { projectId }, select: { userId: true } }),
  ]);
  const team = new Set(members.map((member) => member.userId));
  return followers
    .map((follower) => follower.user)
    .filter((user) => !team.has(user.id) && sees(projectAccess(user, null, project), project))
    .map((user) => user.id);
}

export async function notifyOfEvents(tx: Tx, events: EventRow[]): Promise<void> {
  for (const event of events) {
    const data = (event.data ?? {}) as EventData;
    const project = await projectOf(tx, event.projectId);
    if (event.projectId && (!project || project.deletedAt)) continue;
    const name = project?.name ?? "";
    const page = project ? `/projects/${project.slug}` : "/account";
    switch (event.type) {
      // The member hears which role they hold now: the one they were added with, or the new one.
      case "member.added":
      case "member.role_changed": {
        const role = data.changes?.role?.after;
        await tell(tx, event, [data.userId], {
          kind: event.type,
          params: { project: name, role: String(role ?? ""), roleKey: await roleKey(tx, project!.id, role) },
          link: page,
        });
        break;
      }
      case "member.removed":
        await tell(tx, event, [data.userId], { kind: "member.removed", params: { project: name }, link: page });
        break;
      case "invitation.created": {
        const invitation = await invitationOf(tx, data.invitationId);
        if (!invitation) break;
        await tell(tx, event, [invitation.userId], {
          kind: "invitation.new",
          params: {
            project: name,
            inviter: invitation.invitedBy?.displayName ?? "",
            role: invitation.role?.name ?? "",
            roleKey: invitation.role?.key ?? "",
          },
          link: "/my-projects",
        });
        break;
      }
      case "invitation.accepted":
      case "invitation.declined": {
        const invitation = await invitationOf(tx, data.invitationId);
        if (!invitation) break;
        await tell(tx, event, [invitation.invitedById], {
          kind: event.type === "invitation.accepted" ? "invitation.accepted" : "invitation.declined",
          params: { project: name, invitee: invitation.user.displayName },
          link: `${page}/manage/team`,
        });
        break;
      }
      case "ownership.transferred": {
        const before = (data.changes?.owners?.before ?? []) as string[];
        const after = (data.changes?.owners?.after ?? []) as string[];
        const owner = after[0] ? await tx.user.findUnique({ where: { id: after[0] }, select: { displayName: true } }) : null;
        await tell(tx, event, [...before, ...after], {
          kind: "ownership.transferred",
          params: { project: name, owner: owner?.displayName ?? "" },
          link: `${page}/manage/team`,
        });
        break;
      }
      case "user.partner_status_changed":
        await tell(tx, event, [data.userId], {
          kind: "partner.status_changed",
          params: { status: String(data.changes?.partnerStatus?.after ?? "") },
          link: "/account",
        });
        break;
      case "release.published": {
        if (!project || !data.releaseId) break;
        const release = await tx.release.findUnique({
          where: { id: data.releaseId },
          select: { version: true, state: true, channel: true },
        });
        if (!release) break;
        const followers = await followersWhoSee(tx, project.id, (access, row) =>
          canSeeRelease(
            access,
            { visibility: row.visibility, offerPrereleases: settingsOf(row).offerPrereleases, reviewer: false },
            release,
          ),
        );
        await tell(tx, event, followers, {
          kind: "release.new",
          params: { project: name, version: release.version },
          link: page,
        });
        break;
      }
      case "message.posted": {
        if (!project || !data.messageId) break;
        const message = await tx.projectMessage.findUnique({ where: { id: data.messageId }, select: { title: true, body: true } });
        if (!message) break;
        await tell(tx, event, await followersWhoSee(tx, project.id, canReadMessages), {
          kind: "message.new",
          params: { project: name, title: message.title, excerpt: message.body.slice(0, 200) },
          link: `${page}/announcements`,
        });
        break;
      }
    }
  }
}
