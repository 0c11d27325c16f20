import { createTranslator } from "use-intl/core";
import { isLocale, type Locale } from "../i18n/locales";
import { MESSAGES } from "../i18n/messages";
import { DEFAULT_ROLE_KEYS, type DefaultRoleKey, PARTNER_STATUSES, type PartnerStatus } from "../permissions";

/**
 * Every kind of notification with the arguments it is stored with. A notification keeps its kind
 * and these params (never translated: project names, reasons and announcements are what people
 * wrote) and is put into words when it is read, in the reader's language, from the catalogue's
 * `notifications.kinds` messages. Adding a kind: list its params here, say in `RENDER` which
 * messages make it up, and add the messages in every language (kinds.test.ts checks them).
 */
export const NOTIFICATION_PARAMS = {
  "review.submitted": ["project"],
  "review.approved": ["project", "reason"],
  "review.rejected": ["project", "reason"],
  "release.submitted": ["project", "version"],
  "release.approved": ["project", "version", "reason"],
  "release.rejected": ["project", "version", "reason"],
  "project.archived": ["project", "reason"],
  "project.taken_down": ["project", "reason"],
  /** `role` is the requested role's name as its team wrote it, `roleKey` its default-role key ("" for a custom role or none). */
  "application.new": ["project", "applicant", "role", "roleKey"],
  "application.accepted": ["project", "reason"],
  "application.rejected": ["project", "reason"],
  /** A rejection undone within its window: the application is pending again. */
  "application.reopened": ["project"],
  /** `title` and `excerpt`: the announcement's title and the start of its text, as the author wrote them. */
  "message.new": ["project", "title", "excerpt"],
  /** The member's role as the team named it; `roleKey` its default-role key ("" for a custom role). */
  "member.added": ["project", "role", "roleKey"],
  "member.removed": ["project"],
  "member.role_changed": ["project", "role", "roleKey"],
  /** To the invitee: `inviter` is the inviting member's display name; the role as for member.added. */
  "invitation.new": ["project", "inviter", "role", "roleKey"],
  /** To the inviting member: `invitee` is the invited account's display name. */
  "invitation.accepted": ["project", "invitee"],
  "invitation.declined": ["project", "invitee"],
  /** `owner`: the new Owner's display name. */
  "ownership.transferred": ["project", "owner"],
  /** `status`: the new partner status (NONE, ACTIVE, SUSPENDED). A platform matter: no project. */
  "partner.status_changed": ["status"],
  /** To followers: a release of a project they follow was published. */
  "release.new": ["project", "version"],
  /** `since`: the day (YYYY-MM-DD) the webhook's run of failures began; `project` is "Platform" for a platform webhook. */
  "webhook.disabled": ["project", "url", "since"],
} as const satisfies Record<string, readonly string[]>;

export type NotificationKind = keyof typeof NOTIFICATION_PARAMS;
export type NotificationParams<K extends NotificationKind> = Record<(typeof NOTIFICATION_PARAMS)[K][number], string>;
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_PARAMS) as NotificationKind[];

export interface NotificationText {
  title: string;
  body: string;
}

function translator(locale: Locale, onError?: () => void) {
  return createTranslator({ locale, messages: MESSAGES[locale], ...(onError ? { onError } : {}) });
}
type T = ReturnType<typeof translator>;

/** The kinds whose body is only the reason given for a decision. */
type KindWithReason = { [K in NotificationKind]: "reason" extends (typeof NOTIFICATION_PARAMS)[K][number] ? K : never }[NotificationKind];

/** A kind whose body is only a reason: its title, and its body, empty when no reason was given. */
function titleAndReason(kind: KindWithReason) {
  return (t: T, p: Record<string, string> & { reason: string }): NotificationText => ({
    title: t(`notifications.kinds.${kind}.title`, p),
    body: p.reason && t(`notifications.kinds.${kind}.body`, p),
  });
}

/** The messages of each kind. */
const RENDER: { [K in NotificationKind]: (t: T, p: NotificationParams<K>) => NotificationText } = {
  "review.submitted": (t, p) => ({ title: t("notifications.kinds.review.submitted.title", p), body: "" }),
  "review.approved": titleAndReason("review.approved"),
  "review.rejected": titleAndReason("review.rejected"),
  "release.submitted": (t, p) => ({ title: t("notifications.kinds.release.submitted.title", p), body: "" }),
  "release.approved": titleAndReason("release.approved"),
  "release.rejected": titleAndReason("release.rejected"),
  "project.archived": titleAndReason("project.archived"),
  "project.taken_down": titleAndReason("project.taken_down"),
  "application.new": (t, p) => {
    const role = isDefaultRoleKey(p.roleKey) ? t(`labels.defaultRole.${p.roleKey}`) : p.role;
    return {
      title: t("notifications.kinds.application.new.title", p),
      body: role
        ? t("notifications.kinds.application.new.bodyWithRole", { applicant: p.applicant, role })
        : t("notifications.kinds.application.new.body", p),
    };
  },
  "application.accepted": titleAndReason("application.accepted"),
  "application.rejected": titleAndReason("application.rejected"),
  "application.reopened": (t, p) => ({
    title: t("notifications.kinds.application.reopened.title", p),
    body: t("notifications.kinds.application.reopened.body", p),
  }),
  "message.new": (t, p) => ({
    title: t("notifications.kinds.message.new.title", p),
    body: p.excerpt && t("notifications.kinds.message.new.body", p),
  }),
  "member.added": (t, p) => ({
    title: t("notifications.kinds.member.added.title", p),
    body: t("notifications.kinds.member.added.body", { role: roleName(t, p) }),
  }),
  "member.removed": (t, p) => ({ title: t("notifications.kinds.member.removed.title", p), body: "" }),
  "member.role_changed": (t, p) => ({
    title: t("notifications.kinds.member.role_changed.title", p),
    body: t("notifications.kinds.member.role_changed.body", { role: roleName(t, p) }),
  }),
  "invitation.new": (t, p) => ({
    title: t("notifications.kinds.invitation.new.title", p),
    body: t("notifications.kinds.invitation.new.body", { inviter: p.inviter, role: roleName(t, p) }),
  }),
  "invitation.accepted": (t, p) => ({ title: t("notifications.kinds.invitation.accepted.title", p), body: "" }),
  "invitation.declined": (t, p) => ({ title: t("notifications.kinds.invitation.declined.title", p), body: "" }),
  "ownership.transferred": (t, p) => ({ title: t("notifications.kinds.ownership.transferred.title", p), body: "" }),
  "partner.status_changed": (t, p) => ({
    title: t("notifications.kinds.partner.status_changed.title"),
    body: t("notifications.kinds.partner.status_changed.body", {
      status: isPartnerStatus(p.status) ? t(`labels.partnerStatus.${p.status}`) : p.status,
    }),
  }),
  "release.new": (t, p) => ({ title: t("notifications.kinds.release.new.title", p), body: "" }),
  "webhook.disabled": (t, p) => ({
    title: t("notifications.kinds.webhook.disabled.title", p),
    body: t("notifications.kinds.webhook.disabled.body", p),
  }),
};

/** A role as the reader reads it: a default role in their language, a custom one as the team named it. */
function roleName(t: T, p: { role: string; roleKey: string }): string {
  return isDefaultRoleKey(p.roleKey) ? t(`labels.defaultRole.${p.roleKey}`) : p.role;
}

function isPartnerStatus(status: string): status is PartnerStatus {
  return (PARTNER_STATUSES as readonly string[]).includes(status);
}

function isDefaultRoleKey(key: string): key is DefaultRoleKey {
  return (DEFAULT_ROLE_KEYS as readonly string[]).includes(key);
}

export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(NOTIFICATION_PARAMS, kind);
}

/** The title and body of a notification of `kind` with `params`, in `locale`. */
export function renderNotification<K extends NotificationKind>(kind: K, params: NotificationParams<K>, locale: Locale): NotificationText {
  return RENDER[kind](translator(locale), params);
}

/**
 * A stored notification in `locale`, or null when it cannot be rendered (a row from before params
 * were kept, a kind that no longer exists, params of another shape): the caller shows the stored text.
 */
export function renderStored(kind: string, params: unknown, locale: string): NotificationText | null {
  if (!isNotificationKind(kind) || !isLocale(locale) || !hasParams(kind, params)) return null;
  let failed = false;
  const text = RENDER[kind](
    translator(locale, () => (failed = true)),
    params as never,
  );
  return failed ? null : text;
}

function hasParams(kind: NotificationKind, params: unknown): params is Record<string, string> {
  if (!params || typeof params !== "object" || Array.isArray(params)) return false;
  return NOTIFICATION_PARAMS[kind].every((name) => typeof (params as Record<string, unknown>)[name] === "string");
}
