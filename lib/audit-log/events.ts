import type { Prisma, Tx } from "../db/client";

type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * Events: a change as external clients hear of it (DESIGN §8.2, "Events and webhooks"). They come
 * from one place, the audit recording (recordAudit calls recordEvents), so every audited change
 * writes its events in its own transaction: an event exists exactly when its change committed
 * (a transactional outbox; lib/webhooks/dispatcher.ts delivers them).
 *
 * EVENT_OF_ACTION says, for every audit action, which event types it makes, or `null` where the
 * change stays private: account security (sessions, devices, tokens, passwords), warnings, and the
 * platform team's review workflow. A test walks every audit action in the code against this table.
 */
export const EVENT_TYPES = {
  "project.created": "A project was created",
  "project.updated": "The presentation, images, modules or settings changed",
  "project.status_changed": "The project moved along the status workflow",
  "project.deleted": "The project was deleted (restorable for a while)",
  "project.restored": "A deleted project was restored",
  "project.trust_changed": "The platform team marked the project trusted, or lifted it",
  "ownership.transferred": "Another member became the Owner",
  "member.added": "A member joined the team",
  "member.removed": "A member left or was removed",
  "member.role_changed": "A member's role changed",
  "invitation.created": "Someone was invited to the team",
  "invitation.accepted": "An invitee accepted and joined the team (member.added follows)",
  "invitation.declined": "An invitee declined",
  "invitation.revoked": "The team revoked a pending invitation",
  "role.created": "A custom role was created",
  "role.updated": "A role was changed",
  "role.deleted": "A custom role was deleted",
  "application.created": "Someone applied to the project",
  "application.decided": "An application was accepted or rejected",
  "application.withdrawn": "An applicant withdrew",
  "application.reopened": "A rejection was undone: the application is pending again",
  "release.created": "A release was created (a draft)",
  "release.updated": "A release's title, changelog, version or channel changed",
  "release.submitted": "A release was submitted for review",
  "release.published": "A release was published",
  "release.yanked": "A release was withdrawn (yanked)",
  "release.deleted": "A release was deleted",
  "file.uploaded": "A file was uploaded",
  "file.deleted": "A file was deleted",
  "launcher.updated": "The launcher settings changed",
  "page.created": "A project page was created",
  "page.updated": "A project page changed",
  "page.deleted": "A project page was deleted",
  "message.posted": "An announcement was posted",
  "message.updated": "An announcement's title or text changed",
  "message.deleted": "An announcement was deleted",
  "review.decided": "The platform team approved or rejected the project or one of its releases",
  "user.created": "An account was created (platform webhooks only)",
  "user.partner_status_changed": "A user's partner status changed (platform webhooks only)",
  "user.deleted": "An account was deleted: erase what you keep about it (platform webhooks only)",
} as const;
export type EventType = keyof typeof EVENT_TYPES;

/** The type of the test delivery (`POST .../webhooks/{id}/ping`); it is sent, never recorded. */
export const PING_EVENT_TYPE = "webhook.ping";

type AuditEntry = { action: string; targetType: string; targetId: string; projectId?: string | null; changes?: FieldChanges };

/** Which events an audit action makes: a type, several, a function of the entry, or null (private). */
const EVENT_OF_ACTION: Record<string, EventType | EventType[] | ((entry: AuditEntry) => EventType[]) | null> = {
  "project.create": "project.created",
  "project.update": "project.updated",
  "project.image": "project.updated",
  "project.modules": "project.updated",
  "project.settings": "project.updated",
  "project.status": "project.status_changed",
  "project.seed_status": null,
  "project.delete": "project.deleted",
  "project.restore": "project.restored",
  "project.trust": "project.trust_changed",
  "project.transfer_ownership": "ownership.transferred",
  "member.add": "member.added",
  "member.remove": "member.removed",
  "member.leave": "member.removed",
  "member.change_role": "member.role_changed",
  "invitation.create": "invitation.created",
  "invitation.accept": "invitation.accepted",
  "invitation.decline": "invitation.declined",
  "invitation.revoke": "invitation.revoked",
  "role.create": "role.created",
  "role.update": "role.updated",
  "role.delete": "role.deleted",
  "application.create": "application.created",
  "application.accept": "application.decided",
  "application.reject": "application.decided",
  "application.withdraw": "application.withdrawn",
  "application.reopen": "application.reopened",
  "release.create": "release.created",
  "release.update": "release.updated",
  "release.submit": "release.submitted",
  "release.withdraw": "release.updated",
  "release.publish": "release.published",
  "release.yank": "release.yanked",
  "release.delete": "release.deleted",
  "release.approve": ["review.decided", "release.published"],
  "release.reject": "review.decided",
  "download.upload": "file.uploaded",
  "download.delete": "file.deleted",
  "launcher.update": "launcher.updated",
  "page.create": "page.created",
  "page.update": "page.updated",
  "page.delete": "page.deleted",
  "message.create": "message.posted",
  "message.update": "message.updated",
  "message.delete": "message.deleted",
  "review.approve": ["review.decided", "project.status_changed"],
  "review.reject": ["review.decided", "project.status_changed"],
  "review.claim": null,
  "review.release": null,
  "review.acknowledge": null,
  "user.register": "user.created",
  "user.update_by_staff": (entry) => (entry.changes?.partnerStatus ? ["user.partner_status_changed"] : []),
  "user.update_own": null,
  "user.avatar": null,
  "user.delete": "user.deleted",
  "user.notification_settings": null,
  "user.email_verified": null,
  "user.password_change": null,
  "user.password_reset": null,
  "user.2fa_enable": null,
  "user.2fa_disable": null,
  "user.2fa_recovery_codes": null,
  "user.2fa_reset": null,
  "user.bootstrap_project_lead": null,
  "device.remove": null,
  "device.rename": null,
  "session.end": null,
  "session.end_others": null,
  "token.create": null,
  "token.revoke": null,
  "device.approve": null,
  "device.deny": null,
  "device.token_issue": null,
  "warning.create": null,
  "warning.revoke": null,
  "webhook.create": null,
  "webhook.update": null,
  "webhook.delete": null,
  "webhook.rotate_secret": null,
  "webhook.redeliver": null,
  "webhook.ping": null,
};

/** Audit actions the table classifies (a test checks every action in the code is one of them). */
export function classifiedActions(): string[] {
  return Object.keys(EVENT_OF_ACTION);
}

/**
 * Fields that are for the platform team or the account holder only. They never enter an event,
 * whatever the action: reviewers' internal notes, warning and suspension texts, partner notes,
 * contact data.
 */
const PRIVATE_FIELDS = new Set(["internalNote", "note", "partnerNote", "suspensionReason", "email", "dateOfBirth", "ip"]);

/** The id the target stands for in an event's data: a member's target is the user. */
const TARGET_KEY: Record<string, string> = {
  member: "userId",
  user: "userId",
  project: "projectId",
  application: "applicationId",
  invitation: "invitationId",
  release: "releaseId",
  download: "fileId",
  page: "pageId",
  message: "messageId",
  role: "roleId",
};

function eventData(type: EventType, entry: AuditEntry): Record<string, unknown> {
  const key = TARGET_KEY[entry.targetType] ?? `${entry.targetType}Id`;
  const changes: FieldChanges = {};
  for (const [field, change] of Object.entries(entry.changes ?? {})) {
    if (!PRIVATE_FIELDS.has(field)) changes[field] = change;
  }
  // Platform-level events about an account carry its id and, for partner status, that change only.
  if (type === "user.created" || type === "user.deleted") return { userId: entry.targetId };
  if (type === "user.partner_status_changed") return { userId: entry.targetId, changes: { partnerStatus: changes.partnerStatus } };
  return { [key]: entry.targetId, ...(Object.keys(changes).length ? { changes } : {}) };
}

/** The event types an audit entry makes (none for private actions and unknown ones). */
export function eventTypesOf(entry: AuditEntry): EventType[] {
  const rule = EVENT_OF_ACTION[entry.action];
  if (!rule) return [];
  if (typeof rule === "function") return rule(entry);
  return Array.isArray(rule) ? rule : [rule];
}

/** Writes the events of an audit entry inside the caller's transaction. */
export async function recordEvents(tx: Tx, actorId: string | null, entry: AuditEntry): Promise<void> {
  const types = eventTypesOf(entry);
  if (!types.length) return;
  await tx.event.createMany({
    data: types.map((type) => ({
      type,
      projectId: entry.projectId ?? null,
      actorId,
      data: eventData(type, entry) as Prisma.InputJsonValue,
    })),
  });
}
