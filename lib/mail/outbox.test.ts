import { describe, expect, it } from "vitest";
import * as register from "@/app/api/v1/auth/register/route";
import * as me from "@/app/api/v1/users/me/route";
import { db } from "@/lib/db/client";
import { listOutbox, mailFor } from "@/lib/mail/outbox";
import { actorOf, createUser, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

describe("the mailbox shows a user only mail to an address the account has proven", () => {
  it("an unproven address (sign-up, or an e-mail change to someone else's address) shows nothing", async () => {
    const name = unique();
    const signedUp = await call(register.POST, "POST", "/", { body: { username: name, email: `${name}@example.test`, password: "a fine passphrase", displayName: "A" } });
    expect(signedUp.status).toBe(201);
    const user = await db.user.findUniqueOrThrow({ where: { usernameKey: name } });
    expect(await db.outboxMail.count({ where: { to: `${name}@example.test` } })).toBe(1);
    expect(await mailFor(user.id)).toEqual([]);

    const verified = await createUser();
    await db.user.update({ where: { id: verified.id }, data: { emailVerifiedAt: new Date(Date.now() - 1000) } });
    const victim = `${unique("victim")}@example.test`;
    const changed = await call(me.PUT, "PUT", "/", { token: await tokenFor(verified.id), headers: { "if-match": `"v${verified.version}"` }, body: { email: victim, currentPassword: "a long test passphrase" } });
    expect(changed.status).toBe(200);
    expect(await db.outboxMail.count({ where: { to: victim } })).toBe(1);
    expect((await mailFor(verified.id)).map((mail) => mail.to)).not.toContain(victim);
  });

  it("the outbox viewer is for Project leads and Developers (mail.readOutbox)", async () => {
    await expect(listOutbox(actorOf(await createUser()))).rejects.toMatchObject({ status: 403 });
    await expect(listOutbox(actorOf(await createUser({ roles: ["TEAM_LEAD"] })))).rejects.toMatchObject({ status: 403 });
    await expect(listOutbox(actorOf(await createUser({ roles: ["DEVELOPER"] }), ["read"]))).rejects.toMatchObject({ status: 403 });
    const lead = await createUser({ roles: ["PROJECT_LEAD"] });
    const user = await createUser();
    await db.outboxMail.createMany({ data: [{ to: lead.email, subject: "Reset", body: "r" }, { to: user.email, subject: "Confirm", body: "c" }] });
    const seen = (await listOutbox(actorOf(await createUser({ roles: ["DEVELOPER"] })))).map((mail) => mail.to);
    expect(seen).toContain(user.email);
    expect(seen).not.toContain(lead.email);
    expect(Array.isArray(await listOutbox(actorOf(await createUser({ roles: ["PROJECT_LEAD"] }))))).toBe(true);
  });
});

it("a user with a proven address sees the mail to it, and nobody else's", async () => {
  const [alice, bob] = [await createUser(), await createUser()];
  await db.user.updateMany({ where: { id: { in: [alice.id, bob.id] } }, data: { emailVerifiedAt: new Date(Date.now() - 1000) } });
  await db.outboxMail.create({ data: { to: alice.email, subject: "For Alice", body: "a" } });
  await db.outboxMail.create({ data: { to: bob.email, subject: "For Bob", body: "b" } });
  expect((await mailFor(alice.id)).map((mail) => mail.subject)).toEqual(["For Alice"]);
  expect((await mailFor(bob.id)).map((mail) => mail.subject)).toEqual(["For Bob"]);
});
