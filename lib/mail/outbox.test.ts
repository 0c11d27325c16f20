import { afterEach, describe, expect, it, vi } from "vitest";
import * as register from "@/app/api/v1/auth/register/route";
import * as verify from "@/app/api/v1/auth/verify-email/route";
import * as me from "@/app/api/v1/users/me/route";
import { requestPasswordReset } from "@/lib/account/passwords";
import { db } from "@/lib/db/client";
import {
  composeMail,
  deliverDueMail,
  logTransport,
  MAIL_SECRET,
  OUTBOX_SECRET_PURPOSE,
  purgeOutbox,
  setTransportWithoutSmtp,
} from "@/lib/mail/delivery";
import { listOutbox, queueMail } from "@/lib/mail/outbox";
import { seal } from "@/lib/secrets/sealing";
import { actorOf, createUser, testMeta, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { deliveredMail, mailedToken, queueMailWithoutSecret } from "@/lib/testing/mail";

afterEach(() => {
  vi.restoreAllMocks();
});

async function resetMailRow(email: string) {
  await (await requestPasswordReset(email, testMeta())).done;
  return db.outboxMail.findFirstOrThrow({ where: { to: email, subject: "Reset your password" }, orderBy: { createdAt: "desc" } });
}

describe("a mail's secret reaches only the owner of the address", () => {
  it("stores a queued mail's secret sealed, with its expiry, and only the placeholder in the text", async () => {
    const to = `${unique("queued")}@example.test`;
    const expiresAt = new Date(Date.now() + 60_000);
    // Read inside the queueing transaction: once committed, any test process may claim and send it.
    await db.$transaction(async (tx) => {
      await queueMail(tx, {
        to,
        language: "en",
        template: "passwordReset",
        data: { name: "A", link: `http://127.0.0.1/reset-password?token=${MAIL_SECRET}`, minutes: 1 },
        secret: { value: "pmr_queued-secret", expiresAt },
      });
      const row = await tx.outboxMail.findFirstOrThrow({ where: { to } });
      expect(row.body).toContain(`reset-password?token=${MAIL_SECRET}`);
      expect(row.html).toContain(MAIL_SECRET);
      expect(row.secretSealed).toEqual(expect.any(String));
      expect(row.secretExpiresAt).toEqual(expiresAt);
      for (const field of [row.body, row.html, row.secretSealed]) expect(field).not.toContain("pmr_queued-secret");
      expect(composeMail(row)?.text).toContain("reset-password?token=pmr_queued-secret");
    });
  });

  it("keeps a reset link out of every readable row: the body holds a placeholder, and the secret is scrubbed once sent", async () => {
    const user = await createUser();
    const row = await resetMailRow(user.email);
    expect(row.body).toContain(`reset-password?token=${MAIL_SECRET}`);
    expect(row.html).toContain(MAIL_SECRET);
    expect(row.secretExpiresAt!.getTime()).toBeGreaterThan(Date.now());

    const token = await mailedToken(user.email, "Reset your password");
    expect(token).toMatch(/^pmr_[\w-]{43}$/);
    for (const field of [row.body, row.html, row.secretSealed ?? ""]) expect(field).not.toContain(token);
    const sent = await db.outboxMail.findUniqueOrThrow({ where: { id: row.id } });
    expect(sent).toMatchObject({ sentAt: expect.any(Date), secretSealed: null });
  });

  it("seals a verification link (sign-up and e-mail change) the same way, and the mailed link works", async () => {
    const name = unique();
    const email = `${name}@example.test`;
    expect(
      (await call(register.POST, "POST", "/", { body: { username: name, email, password: "a fine passphrase", displayName: "A" } })).status,
    ).toBe(201);
    const row = await db.outboxMail.findFirstOrThrow({ where: { to: email } });
    expect(row.body).toContain(`verify-email?token=${MAIL_SECRET}`);
    const token = await mailedToken(email);
    expect(row.body + row.html + row.secretSealed).not.toContain(token);
    expect((await call(verify.POST, "POST", "/", { body: { token } })).status).toBe(204);

    const user = await createUser();
    const newAddress = `${unique("moved")}@example.test`;
    const changed = await call(me.PUT, "PUT", "/", {
      token: await tokenFor(user.id),
      headers: { "if-match": `"v${user.version}"` },
      body: { email: newAddress, currentPassword: "a long test passphrase" },
    });
    expect(changed.status).toBe(200);
    const change = await db.outboxMail.findFirstOrThrow({ where: { to: newAddress } });
    expect(change.body).toContain(`verify-email?token=${MAIL_SECRET}`);
    expect(change.body + change.html + (change.secretSealed ?? "")).not.toContain("pmv_");
  });

  it("opens a sealed secret only for the address it was sealed for", () => {
    // Built in memory: a row in the shared test database may be claimed and scrubbed at any moment
    // by lib/mail/delivery.test.ts's background delivery over SMTP.
    const to = `${unique("sealed")}@example.test`;
    const mail = {
      to,
      subject: "Reset your password",
      body: `Reset: http://127.0.0.1/reset-password?token=${MAIL_SECRET}`,
      html: null,
      secretSealed: seal("pmr_sealed-for-one", { purpose: OUTBOX_SECRET_PURPOSE, subject: to }),
      secretExpiresAt: new Date(Date.now() + 60_000),
    };
    expect(composeMail(mail)?.text).toMatch(/token=pmr_sealed-for-one/);
    expect(composeMail({ ...mail, to: `other-${to}` })).toBeNull();
  });

  it("never sends a mail whose secret expired first, and gives it up", async () => {
    const user = await createUser();
    const row = await resetMailRow(user.email);
    await db.outboxMail.update({ where: { id: row.id }, data: { secretExpiresAt: new Date(Date.now() - 1000) } });
    await deliverDueMail({ to: user.email });
    const given = await db.outboxMail.findUniqueOrThrow({ where: { id: row.id } });
    expect(given).toMatchObject({ sentAt: null, failedAt: expect.any(Date), secretSealed: null });
    expect(given.lastError).toMatch(/expired/);
  });

  it("purge scrubs expired secrets of unsent mail and deletes mail past the retention period", async () => {
    const user = await createUser();
    const stale = await db.outboxMail.create({
      data: { to: user.email, subject: "Old", body: "b", createdAt: new Date(Date.now() - 15 * 86_400_000), sentAt: new Date() },
    });
    const pending = await db.outboxMail.create({
      data: {
        to: user.email,
        subject: "Link",
        body: `x ${MAIL_SECRET}`,
        secretSealed: "v2.sealed",
        secretExpiresAt: new Date(Date.now() - 1),
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      },
    });
    const fresh = await db.outboxMail.create({ data: { to: user.email, subject: "New", body: "b", sentAt: new Date() } });
    await purgeOutbox();
    expect(await db.outboxMail.findUnique({ where: { id: stale.id } })).toBeNull();
    expect((await db.outboxMail.findUniqueOrThrow({ where: { id: pending.id } })).secretSealed).toBeNull();
    expect(await db.outboxMail.findUnique({ where: { id: fresh.id } })).not.toBeNull();
  });

  it("sends a mail without a secret as it is, whatever its text holds (a name of {{secret}} cannot silence a security mail)", async () => {
    const user = await createUser();
    await queueMailWithoutSecret(user.email, MAIL_SECRET);
    const mail = await deliveredMail(user.email);
    expect(mail.text).toContain(MAIL_SECRET);
    expect(await db.outboxMail.findFirstOrThrow({ where: { to: user.email } })).toMatchObject({ sentAt: expect.any(Date), failedAt: null });
  });

  it("refuses to queue a mail that is given a secret but does not show it", async () => {
    const user = await createUser();
    await expect(
      db.$transaction((tx) =>
        queueMail(tx, {
          to: user.email,
          language: "en",
          template: "passwordReset",
          data: { name: "A", link: "https://x.test/no-secret", minutes: 30 },
          secret: { value: "pmr_x", expiresAt: new Date(Date.now() + 60_000) },
        }),
      ),
    ).rejects.toThrow(/does not show its secret/);
  });
});

describe("without SMTP the mail goes to the server log, not to a portal page", () => {
  it("writes the whole mail, link included, to the log once and marks it sent", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const collector = setTransportWithoutSmtp({ send: logTransport, background: false });
    try {
      const user = await createUser();
      await resetMailRow(user.email);
      await deliverDueMail({ to: user.email });
      const logged = info.mock.calls.map(([line]) => String(line)).filter((line) => line.includes(user.email));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/reset-password\?token=pmr_[\w-]{43}/);
    } finally {
      setTransportWithoutSmtp(collector);
    }
  });
});

describe("the outbox page (mail.readOutbox)", () => {
  it("is the Project lead's alone: a Developer, Team lead, Support or user is refused (DESIGN §3 gives Developer only audit reading)", async () => {
    for (const roles of [["USER"], ["SUPPORT"], ["DEVELOPER"], ["TEAM_LEAD"]] as const) {
      await expect(listOutbox(actorOf(await createUser({ roles: [...roles] })))).rejects.toMatchObject({ status: 403 });
    }
    expect(Array.isArray(await listOutbox(actorOf(await createUser({ roles: ["PROJECT_LEAD"] }))))).toBe(true);
  });

  it("shows a reset mail's placeholder, never its link; mail to a fellow Project lead is left out", async () => {
    const lead = await createUser({ roles: ["PROJECT_LEAD"] });
    const other = await createUser({ roles: ["PROJECT_LEAD"] });
    const user = await createUser();
    await resetMailRow(user.email);
    await resetMailRow(other.email);
    const token = await mailedToken(user.email, "Reset your password");
    const seen = await listOutbox(actorOf(lead));
    const mail = seen.find((row) => row.to === user.email)!;
    expect(mail.body).toContain(MAIL_SECRET);
    expect(JSON.stringify(seen)).not.toContain(token);
    expect(seen.map((row) => row.to)).not.toContain(other.email);
    expect(Object.keys(mail)).not.toContain("secretSealed");
  });
});

it("the newest delivered mail is what a test reads (helper check)", async () => {
  const user = await createUser();
  await resetMailRow(user.email);
  const first = await mailedToken(user.email);
  await resetMailRow(user.email);
  expect(await mailedToken(user.email)).not.toBe(first);
  expect((await deliveredMail(user.email)).subject).toBe("Reset your password");
});
