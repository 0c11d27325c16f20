import type { Tx } from "../db/client";
import { seal } from "../secrets/sealing";
import { Forbidden } from "../errors";
import { hasPlatformPermission, outranks, type StaffActor } from "../permissions";
import { MAIL_SECRET, OUTBOX_SECRET_PURPOSE, scheduleDelivery } from "./delivery";
import { renderMail, type MailTemplate, type MailTemplateData } from "./templates";

interface QueuedMail<T extends MailTemplate> {
  to: string;
  language: string | null;
  template: T;
  data: MailTemplateData[T];
  /** The secret `MAIL_SECRET` stands for in `data`, and when it stops working. */
  secret?: { value: string; expiresAt: Date };
}

/**
 * Mail is written to the outbox in the transaction that causes it, rendered in the recipient's
 * language (plain text + HTML). lib/mail/delivery.ts sends it after the transaction: over SMTP
 * with SMTP_URL, else into the server's log for the operator; failures are retried with backoff.
 * Queueing never waits for delivery, so no request is slowed or failed by the mail server.
 */
export async function queueMail<T extends MailTemplate>(tx: Tx, mail: QueuedMail<T>) {
  const rendered = renderMail(mail.template, mail.language, mail.data);
  if (mail.secret && !rendered.text.includes(MAIL_SECRET)) throw new Error(`The ${mail.template} mail does not show its secret.`);
  await tx.outboxMail.create({
    data: {
      to: mail.to,
      subject: rendered.subject,
      body: rendered.text,
      html: rendered.html,
      secretSealed: mail.secret ? seal(mail.secret.value, { purpose: OUTBOX_SECRET_PURPOSE, subject: mail.to }) : null,
      secretExpiresAt: mail.secret?.expiresAt ?? null,
    },
  });
  scheduleDelivery();
}

export function publicBaseUrl(): string {
  return (process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}

/**
 * The outbox with each mail's delivery state: a page for the Project lead (mail.readOutbox), to
 * see that mail goes out. Secret links show only as their placeholder (see MAIL_SECRET), and mail
 * to accounts that do not rank below the reader is left out (except the reader's own).
 */
export async function listOutbox(actor: StaffActor) {
  if (!hasPlatformPermission(actor, "mail.readOutbox")) throw new Forbidden("The outbox is for the platform team (mail.readOutbox).");
  const { db } = await import("../db/client");
  const mails = await db.outboxMail.findMany({
    orderBy: { createdAt: "desc" },
    take: 100,
    select: {
      id: true,
      to: true,
      subject: true,
      body: true,
      createdAt: true,
      sentAt: true,
      failedAt: true,
      attempts: true,
      nextAttemptAt: true,
      lastError: true,
    },
  });
  const recipients = await db.user.findMany({
    where: { email: { in: [...new Set(mails.map((mail) => mail.to))] } },
    select: { id: true, email: true, platformRoles: true, partnerStatus: true },
  });
  const hidden = new Set(recipients.filter((user) => user.id !== actor.userId && !outranks(actor, user)).map((user) => user.email));
  return mails.filter((mail) => !hidden.has(mail.to));
}

/**
 * News for users (decisions about their applications, projects and releases), in each one's
 * language. The caller names only those who want the kind by mail (`tellDecision`,
 * lib/notifications/service.ts, picks them); suspended accounts get none.
 */
export async function queueMailToUsers<T extends MailTemplate>(
  tx: Tx,
  userIds: string[],
  template: T,
  data: (user: { displayName: string }) => MailTemplateData[T],
) {
  if (!userIds.length) return;
  const users = await tx.user.findMany({
    where: { id: { in: [...new Set(userIds)] }, suspendedAt: null, deletedAt: null },
    select: { email: true, language: true, displayName: true },
  });
  for (const user of users) await queueMail(tx, { to: user.email, language: user.language, template, data: data(user) });
}

/**
 * A security notice to the account's current address, in its language: it cannot be switched off
 * (no notification setting applies), and goes to suspended accounts too.
 */
export async function queueSecurityNotice<T extends "passwordChanged" | "twoFactorDisabled" | "emailChangeRequested">(
  tx: Tx,
  user: { email: string; language: string | null; displayName: string },
  template: T,
  extra: Omit<MailTemplateData[T], "name" | "link"> = {} as Omit<MailTemplateData[T], "name" | "link">,
) {
  const data = { name: user.displayName, link: `${publicBaseUrl()}/account/security`, ...extra } as MailTemplateData[T];
  await queueMail(tx, { to: user.email, language: user.language, template, data });
}
