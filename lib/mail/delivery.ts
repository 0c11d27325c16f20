import nodemailer, { type Transporter } from "nodemailer";
import { unseal } from "../secrets/sealing";
import { db } from "../db/client";
import type { OutboxMail } from "../db/generated/client";

/**
 * Delivery of the outbox. With SMTP_URL (e.g. smtp://user:pass@mail.example:587 or smtps://...)
 * mail goes over SMTP; without it, into the server's log for the operator (the embedded default:
 * no portal page shows mail, so holding a session never proves owning an address).
 * Each due mail is claimed with a lease (so two instances never send it twice at once), its
 * secret unsealed and put into the text only for the send, then marked sent and the secret
 * scrubbed. A failure is kept with its error and retried after 1, 2, 4 ... 60 minutes, up to
 * MAX_ATTEMPTS tries, then marked failed; a mail whose secret expired first is never sent.
 * Delivery runs beside requests, never inside one.
 */

/**
 * Where a mail's secret (the token of a reset or verification link) stands in its stored text.
 * The row keeps only this placeholder; the secret itself is sealed with a server key
 * (`secretSealed`, lib/secrets/sealing.ts) and put in by `composeMail` at the moment of sending,
 * then scrubbed. So no page, API answer or readable row ever holds a live link.
 */
export const MAIL_SECRET = "{{secret}}";
export const OUTBOX_SECRET_PURPOSE = "outbox-secret";

export const MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;
const POLL_MS = 30_000;
const PURGE_EVERY_MS = 60 * 60_000;
const BATCH = 20;

/** How long sent and failed mail stays in the outbox (days), for the operator's delivery checks. */
export function outboxRetentionDays(): number {
  const days = Number(process.env.OUTBOX_RETENTION_DAYS ?? 14);
  return Number.isFinite(days) && days > 0 ? days : 14;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

export function smtpUrl(): string | null {
  return process.env.SMTP_URL || null;
}

export function mailFrom(): string {
  if (process.env.MAIL_FROM) return process.env.MAIL_FROM;
  const host = URL.canParse(process.env.PUBLIC_URL ?? "") ? new URL(process.env.PUBLIC_URL!).hostname : "localhost";
  return `"Game Platform" <no-reply@${host}>`;
}

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export type MailTransport = (message: MailMessage) => Promise<void>;

let transport: { url: string; transporter: Transporter } | undefined;

function smtpTransport(url: string): MailTransport {
  if (transport?.url !== url) {
    transport?.transporter.close();
    transport = {
      url,
      transporter: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    };
  }
  const { transporter } = transport;
  return async (message) => {
    await transporter.sendMail(message);
  };
}

/** Without SMTP: the whole mail in the server's log, where only the operator reads it. */
export const logTransport: MailTransport = async (message) => {
  console.info(`Mail (no SMTP_URL set) to ${message.to}: ${message.subject}\n${message.text}\n`);
};

/** How mail goes out without SMTP_URL, and whether queued mail is delivered in the background. */
export interface TransportWithoutSmtp {
  send: MailTransport;
  background: boolean;
}

let transportWithoutSmtp: TransportWithoutSmtp = { send: logTransport, background: true };

/**
 * Replaces the log as the transport used without SMTP_URL; returns the one it replaced. The test
 * suite puts a mailbox folder there and delivers on demand (`background: false`,
 * lib/testing/mail.ts): its test processes share one database, and a background run of one
 * process would claim the others' mail.
 */
export function setTransportWithoutSmtp(next: TransportWithoutSmtp): TransportWithoutSmtp {
  const previous = transportWithoutSmtp;
  transportWithoutSmtp = next;
  return previous;
}

function currentTransport(): MailTransport {
  const url = smtpUrl();
  return url ? smtpTransport(url) : transportWithoutSmtp.send;
}

/**
 * Sends every mail that is due now (or only the mail to `to`), in batches, oldest first.
 * Returns how many were sent.
 */
export async function deliverDueMail(only: { to?: string } = {}): Promise<number> {
  const send = currentTransport();
  let sent = 0;
  for (;;) {
    const due = await db.outboxMail.findMany({
      where: { sentAt: null, failedAt: null, nextAttemptAt: { lte: new Date() }, ...(only.to ? { to: only.to } : {}) },
      orderBy: { createdAt: "asc" },
      take: BATCH,
    });
    for (const mail of due) if (await deliver(send, mail)) sent += 1;
    // Every mail of a batch is now sent, leased or waiting for its retry, so the next batch holds others.
    if (due.length < BATCH) return sent;
  }
}

/** The mail as it is sent: its secret unsealed into the text, or null when the secret is gone. */
export function composeMail(
  mail: Pick<OutboxMail, "to" | "subject" | "body" | "html" | "secretSealed" | "secretExpiresAt">,
  now = new Date(),
): MailMessage | null {
  const message = { from: mailFrom(), to: mail.to, subject: mail.subject, text: mail.body, html: mail.html ?? undefined };
  // Whether a mail carries a secret is the row's to say, never its text: a user's name may read "{{secret}}".
  if (!mail.secretSealed) return mail.secretExpiresAt ? null : message;
  if (mail.secretExpiresAt && mail.secretExpiresAt <= now) return null;
  const secret = unseal(mail.secretSealed, { purpose: OUTBOX_SECRET_PURPOSE, subject: mail.to });
  if (secret === null) return null;
  return { ...message, text: message.text.replaceAll(MAIL_SECRET, secret), html: message.html?.replaceAll(MAIL_SECRET, secret) };
}

async function deliver(send: MailTransport, mail: OutboxMail): Promise<boolean> {
  const claimed = await db.outboxMail.updateMany({
    where: { id: mail.id, sentAt: null, failedAt: null, nextAttemptAt: mail.nextAttemptAt },
    data: { nextAttemptAt: new Date(Date.now() + LEASE_MS), attempts: { increment: 1 } },
  });
  if (claimed.count === 0) return false;
  const attempts = mail.attempts + 1;
  const message = composeMail(mail);
  if (!message) {
    await db.outboxMail.update({
      where: { id: mail.id },
      data: {
        failedAt: new Date(),
        lastError: "The link in this mail expired (or its key is gone) before it could be sent.",
        secretSealed: null,
      },
    });
    return false;
  }
  try {
    await send(message);
    await db.outboxMail.update({ where: { id: mail.id }, data: { sentAt: new Date(), lastError: null, secretSealed: null } });
    return true;
  } catch (error) {
    const gaveUp = attempts >= MAX_ATTEMPTS;
    await db.outboxMail.update({
      where: { id: mail.id },
      data: {
        lastError: describeError(error),
        nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
        failedAt: gaveUp ? new Date() : null,
        ...(gaveUp ? { secretSealed: null } : {}),
      },
    });
    return false;
  }
}

/**
 * Scrubs the sealed secrets that expired unsent, and deletes mail older than the retention
 * period. Safe on several instances at once: both are plain conditional writes.
 */
export async function purgeOutbox(now = new Date()): Promise<{ scrubbed: number; deleted: number }> {
  const scrubbed = await db.outboxMail.updateMany({
    where: { secretSealed: { not: null }, secretExpiresAt: { lte: now } },
    data: { secretSealed: null },
  });
  const deleted = await db.outboxMail.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - outboxRetentionDays() * 86_400_000) } },
  });
  return { scrubbed: scrubbed.count, deleted: deleted.count };
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

let running: Promise<void> | null = null;
let again = false;
let pollerStarted = false;
let lastPurgeAt = 0;

/**
 * Runs delivery soon, after the transaction that queued the mail has committed, and keeps a
 * poller for retries and the outbox's purge.
 */
export function scheduleDelivery(delayMs = 250): void {
  if (!smtpUrl() && !transportWithoutSmtp.background) return;
  if (!pollerStarted) {
    pollerStarted = true;
    setInterval(() => scheduleDelivery(0), POLL_MS).unref();
  }
  setTimeout(runDelivery, delayMs).unref();
}

async function deliverAndPurge(): Promise<void> {
  await deliverDueMail();
  if (Date.now() - lastPurgeAt >= PURGE_EVERY_MS) {
    lastPurgeAt = Date.now();
    await purgeOutbox();
  }
}

function runDelivery(): void {
  if (running) {
    again = true;
    return;
  }
  running = deliverAndPurge()
    .catch((error: unknown) => console.error(`Mail delivery failed: ${describeError(error)}`))
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        runDelivery();
      }
    });
}

/** Waits for a delivery run in progress (tests, shutdown). */
export async function deliveryIdle(): Promise<void> {
  while (running) await running;
}
