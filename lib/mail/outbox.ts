import type { Tx } from "../db/client";
import { Forbidden } from "../errors";
import { hasPlatformPermission, outranks, type StaffActor } from "../permissions";
import { scheduleDelivery } from "./delivery";
import { renderMail, type MailTemplate, type MailTemplateData } from "./templates";

/**
 * Mail is written to the outbox in the transaction that causes it, rendered in the recipient's
 * language (plain text + HTML). With SMTP_URL set, lib/mail/delivery.ts sends it after the
 * transaction, retrying failures with backoff; without it, staff with mail.readOutbox read the
 * outbox (/admin/outbox) and the Mailbox page shows users the mail to their proven address.
 * Queueing never waits for delivery, so no request is slowed or failed by the mail server.
 */
export async function queueMail<T extends MailTemplate>(tx: Tx, mail: { to: string; language: string | null; template: T; data: MailTemplateData[T] }) {
  const rendered = renderMail(mail.template, mail.language, mail.data);
  await tx.outboxMail.create({ data: { to: mail.to, subject: rendered.subject, body: rendered.text, html: rendered.html } });
  scheduleDelivery();
}

export function publicBaseUrl(): string {
  return (process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}

/**
 * The mails to the user's proven address, sent since it was proven. Newest first. Mail to an
 * address the account has not proven (the sign-up address before confirmation, an address it is
 * changing to) is never shown here: showing it would let anyone "confirm" an address they do not own.
 */
export async function mailFor(userId: string) {
  const { db } = await import("../db/client");
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
  if (!user?.emailVerifiedAt) return [];
  return db.outboxMail.findMany({ where: { to: user.email, createdAt: { gte: user.emailVerifiedAt } }, orderBy: { createdAt: "desc" }, take: 50 });
}

/**
 * The outbox with each mail's delivery state: a staff page (mail.readOutbox: Project lead,
 * Developer). Mail to accounts that do not rank below the reader is left out (except the reader's own).
 */
export async function listOutbox(actor: StaffActor) {
  if (!hasPlatformPermission(actor, "mail.readOutbox")) throw new Forbidden("The outbox is for the platform team (mail.readOutbox).");
  const { db } = await import("../db/client");
  const mails = await db.outboxMail.findMany({ orderBy: { createdAt: "desc" }, take: 100 });
  // A reset link of an equal or higher-ranked account would hand the reader that account: never shown.
  const recipients = await db.user.findMany({ where: { email: { in: [...new Set(mails.map((mail) => mail.to))] } }, select: { id: true, email: true, platformRoles: true, partnerStatus: true } });
  const hidden = new Set(recipients.filter((user) => user.id !== actor.userId && !outranks(actor, user)).map((user) => user.email));
  return mails.filter((mail) => !hidden.has(mail.to));
}

/**
 * News for users (decisions about their applications and projects), in each one's language, to
 * those who have not turned e-mail notifications off in their account settings. Suspended
 * accounts get none.
 */
export async function queueMailToUsers<T extends MailTemplate>(tx: Tx, userIds: string[], template: T, data: (user: { displayName: string }) => MailTemplateData[T]) {
  if (!userIds.length) return;
  const users = await tx.user.findMany({ where: { id: { in: [...new Set(userIds)] }, suspendedAt: null }, select: { email: true, language: true, displayName: true, settings: true } });
  for (const user of users) {
    const settings = user.settings as { emailNotifications?: boolean } | null;
    if (settings?.emailNotifications === false) continue;
    await queueMail(tx, { to: user.email, language: user.language, template, data: data(user) });
  }
}
