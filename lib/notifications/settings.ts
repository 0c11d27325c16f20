import { z } from "zod";
import type { Tx } from "../db/client";
import { NOTIFICATION_KINDS, type NotificationKind } from "./kinds";

/**
 * Per kind of notification, whether it shows in the portal (`inApp`) and whether it is mailed
 * (`email`): GET/PUT /users/me/notification-settings. Kinds a user never set take the defaults:
 * in the portal always; by mail the kinds that were mailed before these settings existed, and the
 * team and partner changes, while the account's old `settings.emailNotifications` is on. Security
 * notices (password changed, two-factor off, e-mail changed, a new device) are not kinds here:
 * they cannot be switched off.
 */
export const MAILED_BY_DEFAULT: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  "review.approved",
  "review.rejected",
  "application.accepted",
  "application.rejected",
  "release.approved",
  "release.rejected",
  "member.added",
  "member.removed",
  "invitation.new",
  "ownership.transferred",
  "partner.status_changed",
  "webhook.disabled",
]);

const channelsSchema = z.strictObject({ inApp: z.boolean(), email: z.boolean() });
export type NotificationChannels = z.infer<typeof channelsSchema>;

/** Every kind with its channels (the answer). */
export const notificationSettingsSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelsSchema])) as Record<NotificationKind, typeof channelsSchema>,
);
/** The kinds to change (PUT): any of them, each with both channels; an unknown kind is 400. */
export const notificationSettingsInputSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelsSchema.optional()])) as Record<
    NotificationKind,
    z.ZodOptional<typeof channelsSchema>
  >,
);
export type NotificationSettings = Record<NotificationKind, NotificationChannels>;

/** Every kind's channels for a user: the stored choices over the defaults. */
export function resolveSettings(stored: unknown, accountSettings: unknown): NotificationSettings {
  const chosen = (stored && typeof stored === "object" ? stored : {}) as Partial<Record<string, NotificationChannels>>;
  const mailOn = (accountSettings as { emailNotifications?: boolean } | null)?.emailNotifications !== false;
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, chosen[kind] ?? { inApp: true, email: mailOn && MAILED_BY_DEFAULT.has(kind) }]),
  ) as NotificationSettings;
}

/** The users among `userIds` who want `kind` on `channel`. */
export async function wanting(tx: Tx, userIds: string[], kind: NotificationKind, channel: keyof NotificationChannels): Promise<string[]> {
  if (!userIds.length) return [];
  const users = await tx.user.findMany({
    // A deleted account hears of nothing (its tombstone keeps only the id).
    where: { id: { in: [...new Set(userIds)] }, deletedAt: null },
    select: { id: true, notificationSettings: true, settings: true },
  });
  return users.filter((user) => resolveSettings(user.notificationSettings, user.settings)[kind][channel]).map((user) => user.id);
}
