import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { inject, vi } from "vitest";
import { deliverDueMail, useTransportWithoutSmtp, type MailMessage } from "../mail/delivery";

/** One file of delivered mail per address, in a folder the whole test run shares. */
function mailboxFile(address: string): string {
  return path.join(inject("mailDir"), `${encodeURIComponent(address)}.jsonl`);
}

/**
 * Installed by lib/testing/setup.ts: mail delivered without SMTP_URL lands in a mailbox folder
 * instead of the server log, so a test reads a link the way its recipient would, from the sent
 * mail (the outbox row holds only a placeholder). Test files run in several processes on one
 * database, and whichever claims a due mail delivers it: the folder is shared, so each test
 * finds its mail whoever sent it. Tests of SMTP itself set SMTP_URL (lib/mail/delivery.test.ts).
 */
export function collectMailInFolder(): void {
  useTransportWithoutSmtp(async (message) => {
    appendFileSync(mailboxFile(message.to), `${JSON.stringify(message)}\n`);
  });
}

function mailTo(address: string): MailMessage[] {
  const file = mailboxFile(address);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MailMessage);
}

/** The newest mail delivered to `to` (with this subject), delivering what is due first. */
export async function deliveredMail(to: string, subject?: string): Promise<MailMessage> {
  return vi.waitFor(
    async () => {
      await deliverDueMail();
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
