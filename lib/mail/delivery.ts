import nodemailer, { type Transporter } from "nodemailer";
import { db } from "../db/client";
import type { OutboxMail } from "../db/generated/client";

/**
 * SMTP delivery of the outbox (SMTP_URL, e.g. smtp://user:pass@mail.example:587 or smtps://...).
 * Each due mail is claimed with a lease (so two instances never send it twice at once), sent,
 * and marked sent; a failure is kept with its error and retried after 1, 2, 4 ... 60 minutes,
 * up to MAX_ATTEMPTS tries, then marked failed. Staff see all of it in the outbox viewer.
 * Delivery runs beside requests, never inside one.
 */
export const MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;
const POLL_MS = 30_000;
const BATCH = 20;

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

let transport: { url: string; transporter: Transporter } | undefined;

function transporter(url: string): Transporter {
  if (transport?.url !== url) {
    transport?.transporter.close();
    transport = { url, transporter: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) };
  }
  return transport.transporter;
}

/** Sends every mail that is due now, in batches, oldest first. Returns how many were sent. */
export async function deliverDueMail(): Promise<number> {
  const url = smtpUrl();
  if (!url) return 0;
  let sent = 0;
  for (;;) {
    const due = await db.outboxMail.findMany({
      where: { sentAt: null, failedAt: null, nextAttemptAt: { lte: new Date() } },
      orderBy: { createdAt: "asc" },
      take: BATCH,
    });
    for (const mail of due) if (await deliver(url, mail)) sent += 1;
    // Every mail of a batch is now sent, leased or waiting for its retry, so the next batch holds others.
    if (due.length < BATCH) return sent;
  }
}

async function deliver(url: string, mail: OutboxMail): Promise<boolean> {
  const claimed = await db.outboxMail.updateMany({
    where: { id: mail.id, sentAt: null, failedAt: null, nextAttemptAt: mail.nextAttemptAt },
    data: { nextAttemptAt: new Date(Date.now() + LEASE_MS), attempts: { increment: 1 } },
  });
  if (claimed.count === 0) return false;
  const attempts = mail.attempts + 1;
  try {
    await transporter(url).sendMail({ from: mailFrom(), to: mail.to, subject: mail.subject, text: mail.body, html: mail.html ?? undefined });
    await db.outboxMail.update({ where: { id: mail.id }, data: { sentAt: new Date(), lastError: null } });
    return true;
  } catch (error) {
    await db.outboxMail.update({
      where: { id: mail.id },
      data: {
        lastError: describeError(error),
        nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
        failedAt: attempts >= MAX_ATTEMPTS ? new Date() : null,
      },
    });
    return false;
  }
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

let running: Promise<void> | null = null;
let again = false;
let poller: NodeJS.Timeout | undefined;

/**
 * Runs delivery soon, after the transaction that queued the mail has committed, and keeps a
 * poller for retries. Without SMTP_URL it does nothing (the outbox is read in the portal).
 */
export function scheduleDelivery(delayMs = 250): void {
  if (!smtpUrl()) return;
  poller ??= setInterval(() => scheduleDelivery(0), POLL_MS).unref();
  setTimeout(runDelivery, delayMs).unref();
}

function runDelivery(): void {
  if (running) {
    again = true;
    return;
  }
  running = deliverDueMail()
    .then(() => undefined)
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
