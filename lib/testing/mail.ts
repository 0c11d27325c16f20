import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { inject, vi } from "vitest";
import { db } from "../db/client";
import { deliverDueMail, setTransportWithoutSmtp, type MailMessage } from "../mail/delivery";
import { queueMail } from "../mail/outbox";

/** One file of delivered mail per address, in a folder the whole test run shares. */
function mailboxFile(address: string): string {
  return path.join(inject("mailDir"), `${encodeURIComponent(address)}.jsonl`);
}

/**
 * Installed by lib/testing/setup.ts: mail delivered without SMTP_URL lands in a mailbox folder
 * instead of the server log, so a test reads a link the way its recipient would, from the sent
 * mail (the outbox row holds only a placeholder). Delivery is on demand, one address at a time
 * (`deliveredMail`), since test files run in several processes on one database. Tests of SMTP
 * itself set SMTP_URL (lib/mail/delivery.test.ts), whose background run may claim other files'
 * mail: its capture drops what it receives into the same folder, so that mail is not lost.
 */
export function collectMailInFolder(): void {
  setTransportWithoutSmtp({ send: dropInMailbox, background: false });
}

/** Puts a delivered mail into its recipient's mailbox (also what an SMTP capture of a test received). */
export async function dropInMailbox(message: MailMessage): Promise<void> {
  appendFileSync(mailboxFile(message.to), `${JSON.stringify(message)}\n`);
}

function mailTo(address: string): MailMessage[] {
  const file = mailboxFile(address);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MailMessage);
}

/** The newest mail delivered to `to` (with this subject), delivering its due mail first. */
export async function deliveredMail(to: string, subject?: string): Promise<MailMessage> {
  return vi.waitFor(
    async () => {
      // lib/mail/delivery.test.ts sends through a dead SMTP server at times, and its background run
      // may have claimed this mail and failed it: try it again now rather than in a minute.
      await db.outboxMail.updateMany({
        where: { to, sentAt: null, failedAt: null, attempts: { gt: 0 } },
        data: { nextAttemptAt: new Date() },
      });
      await deliverDueMail({ to });
      const found = mailTo(to).findLast((mail) => subject === undefined || mail.subject === subject);
      if (!found) throw new Error(`No mail to ${to}${subject ? ` with the subject "${subject}"` : ""} was delivered.`);
      return found;
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** The token of the reset or verification link in the newest mail to `to`. */
export async function mailedToken(to: string, subject?: string): Promise<string> {
  const mail = await deliveredMail(to, subject);
  return decodeURIComponent(/token=([^\s"&<]+)/.exec(mail.text)![1]);
}

/** Queues a mail that carries no secret (the staff two-factor reset notice) to `to`, greeting `name`. */
export async function queueMailWithoutSecret(to: string, name = "A"): Promise<void> {
  await db.$transaction((tx) =>
    queueMail(tx, { to, language: "en", template: "twoFactorReset", data: { name, link: "http://127.0.0.1/account/security" } }),
  );
}
