/**
 * POST /api/v1/auth/verify-email/resend (DESIGN §8.2, "Data rights"): a new link to the address
 * waiting for confirmation, the older links to it dead; anonymous callers learn nothing; limited.
 */
import { describe, expect, it } from "vitest";
import * as register from "@/app/api/v1/auth/register/route";
import * as verify from "@/app/api/v1/auth/verify-email/route";
import * as me from "@/app/api/v1/users/me/route";
import { db } from "@/lib/db/client";
import { createUser, TEST_PASSWORD, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { mailedToken } from "@/lib/testing/mail";
import * as resend from "./route";

const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const confirm = (token: string) => call(verify.POST, "POST", "/", { ip: randomIp(), body: { token } });
const resendAs = (token: string | undefined, body?: unknown) => call(resend.POST, "POST", "/", { token, ip: randomIp(), body });

/** A new account through the API, with its first link. */
async function registered() {
  const username = unique("Rs");
  const email = `${username.toLowerCase()}@example.test`;
  const created = await call(register.POST, "POST", "/", {
    ip: randomIp(),
    body: { username, email, password: "a fine passphrase", displayName: "Rs" },
  });
  const user = await db.user.findUniqueOrThrow({ where: { id: created.json!.id as string } });
  return { user, email, firstLink: await mailedToken(email), token: await tokenFor(user.id) };
}

const linksTo = (userId: string, email: string) => db.emailVerificationToken.count({ where: { userId, email } });

describe("sending the verification link again", () => {
  it("signed in, with no body: a new link that works, and the first link dies", async () => {
    const { user, email, firstLink, token } = await registered();
    expect((await resendAs(token)).status).toBe(202);
    expect(await linksTo(user.id, email)).toBe(2);
    const secondLink = await mailedToken(email);
    expect(secondLink).not.toBe(firstLink);
    expect((await confirm(firstLink)).json).toMatchObject({ status: 422, code: "invalid_token" });
    expect((await confirm(secondLink)).status).toBe(204);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
  });

  it("goes to the address of a pending change, not to the confirmed one", async () => {
    const user = await createUser();
    await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    const token = await tokenFor(user.id);
    const newAddress = `${unique("new")}@example.test`;
    const etag = (await call(me.GET, "GET", "/", { token })).headers.get("etag")!;
    const changed = await call(me.PUT, "PUT", "/", {
      token,
      headers: { "if-match": etag },
      body: { email: newAddress, currentPassword: TEST_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const first = await mailedToken(newAddress);
    expect((await resendAs(token)).status).toBe(202);
    expect(await linksTo(user.id, newAddress)).toBe(2);
    expect(await linksTo(user.id, user.email)).toBe(0);
    expect((await confirm(first)).status).toBe(422);
    expect((await confirm(await mailedToken(newAddress))).status).toBe(204);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(newAddress);
  });

  it("sends nothing for a confirmed account with no change waiting", async () => {
    const user = await createUser();
    await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    expect((await resendAs(await tokenFor(user.id))).status).toBe(202);
    expect(await db.emailVerificationToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it("anonymously: 202 whether the address has an account or not; a link only where one waits", async () => {
    const { user, email, firstLink } = await registered();
    expect((await resendAs(undefined, { email: email.toUpperCase() })).status).toBe(202);
    await expect.poll(() => linksTo(user.id, email)).toBe(2);
    expect((await confirm(firstLink)).status).toBe(422);
    const unknown = await resendAs(undefined, { email: `${unique("nobody")}@example.test` });
    expect(unknown.status).toBe(202);
    expect(unknown.text).toBe("");
  });

  it("anonymously without an address, or with an invalid one: 400", async () => {
    expect((await resendAs(undefined)).json).toMatchObject({ status: 400, code: "email_required" });
    expect((await resendAs(undefined, { email: "not-an-address" })).status).toBe(400);
    expect((await resendAs(undefined, { email: "a@example.test", extra: 1 })).status).toBe(400);
  });

  it("is limited per account: the fourth within an hour is 429", async () => {
    const { token } = await registered();
    for (let attempt = 0; attempt < 3; attempt++) expect((await resendAs(token)).status).toBe(202);
    const limited = await resendAs(token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });
});
