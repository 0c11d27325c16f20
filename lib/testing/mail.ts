import { vi } from "vitest";
import { deliverDueMail, useTransportWithoutSmtp, type MailMessage } from "../mail/delivery";

const sent: MailMessage[] = [];

/**
 * Installed by lib/testing/setup.ts: mail delivered without SMTP_URL lands here instead of the
 * server log, so a test reads a link the way its recipient would, from the sent mail (the outbox
 * row holds only a placeholder). Tests of SMTP itself set SMTP_URL (lib/mail/delivery.test.ts).
 */
export function collectMailInMemory(): void {
  useTransportWithoutSmtp(async (message) => {
    sent.push(message);
  });
}

/** The newest mail delivered to `to` (with this subject), delivering what is due first. */
export async function deliveredMail(to: string, subject?: string): Promise<MailMessage> {
  return vi.waitFor(
    async () => {
      await deliverDueMail();
      const found = sent.findLast((mail) => mail.to === to && (subject === undefined || mail.subject === subject));
      if (!found) throw new Error(`No mail to ${to}${subject ? ` with the subject "${subject}"` : ""} was delivered.`);
      return found;
    },
    // In the full suite every file queues mail into one database, and delivery sends the oldest first.
    { timeout: 60_000, interval: 100 },
  );
}

/** The token of the reset or verification link in the newest mail to `to`. */
export async function mailedToken(to: string, subject?: string): Promise<string> {
  const mail = await deliveredMail(to, subject);
  return decodeURIComponent(/token=([^\s"&<]+)/.exec(mail.text)![1]);
}
