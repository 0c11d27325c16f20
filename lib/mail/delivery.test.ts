import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as resetRequest from "@/app/api/v1/auth/password-reset/route";
import { requestPasswordReset } from "../account/passwords";
import { db } from "../db/client";
import { createUser, testMeta } from "../testing/factories";
import { call } from "../testing/http";
import { dropInMailbox, queueMailWithoutSecret } from "../testing/mail";
import { startSmtpCapture } from "../testing/smtp-capture";
import { deliverDueMail, deliveryIdle, MAX_ATTEMPTS, retryDelayMs } from "./delivery";
import { listOutbox } from "./outbox";

/** Real SMTP: lib/testing/smtp-server.mjs (npm smtp-server) in its own process on 127.0.0.1:3321; 3322 has no server. */
const SMTP_PORT = 3321;
const DEAD_SMTP_URL = "smtp://127.0.0.1:3322";
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture(SMTP_PORT, ({ envelope, parsed }) => {
    for (const to of envelope.to) {
      void dropInMailbox({
        from: envelope.from ?? "",
        to,
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        html: parsed.html || undefined,
      });
    }
  });
  process.env.MAIL_FROM = '"Game Platform" <no-reply@platform.test>';
  // The mail other files queued and never read (hundreds in the full suite) is put aside as a
  // delivery run's lease would: not due for an hour, one attempt counted. This file's background
  // run then sends its own mail, not that backlog (which kept the shared database busy long enough
  // for another file's transactions to time out), and a test that does read one of those mails
  // gets it at once (lib/testing/mail.ts makes a claimed mail due again).
  await db.outboxMail.updateMany({
    where: { sentAt: null, failedAt: null },
    data: { nextAttemptAt: new Date(Date.now() + 3_600_000), attempts: { increment: 1 } },
  });
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await deliveryIdle();
  await smtp.stop();
});

async function queueResetMail(email: string) {
  const { done } = await requestPasswordReset(email, testMeta());
  await done;
}

describe("mail over SMTP (SMTP_URL)", () => {
  it("delivers a queued mail soon after the request, with headers, plain text and HTML, and marks it sent", async () => {
    process.env.SMTP_URL = smtp.url;
    const user = await createUser();
    const answer = await call(resetRequest.POST, "POST", "/", { ip: "10.81.0.1", body: { email: user.email } });
    expect(answer.status).toBe(202);
    // The delivery loop sends every due mail, oldest first: other files' backlog is put aside above,
    // so little stands before this one (the answer above did not wait for any of it).
    const mail = await smtp.waitFor(user.email, () => true, 30_000);
    expect(mail.envelope.from).toBe("no-reply@platform.test");
    expect(mail.parsed.from?.text).toBe('"Game Platform" <no-reply@platform.test>');
    expect(mail.parsed.to).toMatchObject({ text: user.email });
    expect(mail.parsed.subject).toBe("Reset your password");
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=pmr_[\w-]{43}/.exec(mail.parsed.text ?? "")![0];
    expect(mail.parsed.html).toContain(link);
    await vi.waitFor(async () => expect((await db.outboxMail.findFirstOrThrow({ where: { to: user.email } })).sentAt).not.toBeNull());
  }, 60_000);

  it("writes in the user's language where a translation exists (German), English otherwise", async () => {
    process.env.SMTP_URL = smtp.url;
    const german = await createUser();
    const french = await createUser();
    await db.user.update({ where: { id: german.id }, data: { language: "de" } });
    await db.user.update({ where: { id: french.id }, data: { language: "fr" } });
    await queueResetMail(german.email);
    await queueResetMail(french.email);
    await deliverDueMail();
    expect((await smtp.waitFor(german.email)).parsed.subject).toBe("Setze dein Passwort zurück");
    expect((await smtp.waitFor(french.email)).parsed.subject).toBe("Reset your password");
  });

  it("never fails or holds up the request when the mail server is down; retries with backoff, visible in the outbox, until it gets through (moved clock)", async () => {
    process.env.SMTP_URL = DEAD_SMTP_URL;
    const user = await createUser();
    const started = Date.now();
    const answer = await call(resetRequest.POST, "POST", "/", { ip: "10.81.0.2", body: { email: user.email } });
    expect(answer.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(2000);
    await vi.waitFor(async () => expect(await db.outboxMail.count({ where: { to: user.email } })).toBe(1));
    await deliveryIdle();
    await deliverDueMail();
    const failed = await db.outboxMail.findFirstOrThrow({ where: { to: user.email } });
    expect(failed).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5000);
    const staff = await createUser({ roles: ["PROJECT_LEAD"] });
    expect(
      (await listOutbox({ userId: staff.id, platformRoles: staff.platformRoles, partnerStatus: "NONE" })).find(
        (mail) => mail.to === user.email,
      ),
    ).toMatchObject({ attempts: 1, lastError: failed.lastError });

    // Not due yet: nothing is tried.
    await deliverDueMail();
    expect((await db.outboxMail.findFirstOrThrow({ where: { to: user.email } })).attempts).toBe(1);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + retryDelayMs(1) + 1000);
    process.env.SMTP_URL = smtp.url;
    await deliverDueMail();
    expect((await smtp.waitFor(user.email)).parsed.subject).toBe("Reset your password");
    expect(await db.outboxMail.findFirstOrThrow({ where: { to: user.email } })).toMatchObject({
      attempts: 2,
      lastError: null,
      sentAt: expect.any(Date),
    });
  });

  it("gives up after the last retry and marks the mail failed", async () => {
    process.env.SMTP_URL = DEAD_SMTP_URL;
    const user = await createUser();
    // A mail without a secret: a reset link would expire (30 minutes) long before the last retry.
    await queueMailWithoutSecret(user.email);
    await deliveryIdle();
    vi.useFakeTimers({ toFake: ["Date"] });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      await deliverDueMail();
      vi.setSystemTime(Date.now() + retryDelayMs(attempt) + 1000);
    }
    const mail = await db.outboxMail.findFirstOrThrow({ where: { to: user.email } });
    expect(mail).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null, failedAt: expect.any(Date) });
    expect([1, 2, 3, 7, 8].map(retryDelayMs)).toEqual([1, 2, 4, 60, 60].map((minutes) => minutes * 60_000));
  });
});
