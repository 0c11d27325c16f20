import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import * as resetConfirm from "@/app/api/v1/auth/password-reset/confirm/route";
import * as tokenSignIn from "@/app/api/v1/auth/token/route";
import * as verifyEmail from "@/app/api/v1/auth/verify-email/route";
import * as password from "@/app/api/v1/users/me/password/route";
import * as me from "@/app/api/v1/users/me/route";
import * as tokens from "@/app/api/v1/users/me/tokens/route";
import { requestPasswordReset } from "@/lib/account/passwords";
import { auditContextOf } from "@/lib/audit-log/record";
import { SESSION_COOKIE } from "@/lib/auth/config";
import { sha256 } from "@/lib/auth/secrets";
import { createSession } from "@/lib/auth/sessions";
import { completeTwoFactorSignIn, SignInFailed, verifyCredentials } from "@/lib/auth/sign-in";
import { revokeAllTokens } from "@/lib/auth/tokens";
import { newTotpSecret, replaceRecoveryCodes, sealTotpSecret } from "@/lib/auth/two-factor";
import { db } from "@/lib/db/client";
import { createUser, sessionCookieFor, TEST_PASSWORD, testMeta, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { mailedToken } from "@/lib/testing/mail";

/**
 * Issue 23, findings 3 and 11: a password reset ends every session and revokes every token; a
 * password change ends the other sessions (the session version goes up) and, like an e-mail
 * change, voids what still rests on the old password or address (reset links, verification links,
 * portal sign-ins waiting for their code).
 */

const NEW_PASSWORD = "another long passphrase";
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function sessionOf(userId: string) {
  const session = await sessionCookieFor(userId);
  return { id: session.sessionId, headers: { cookie: session.header } };
}

type Caller = { headers?: Record<string, string>; token?: string };
const mintToken = (caller: Caller) =>
  call(tokens.POST, "POST", "/api/v1/users/me/tokens", { ...caller, ip: randomIp(), body: { name: "minted" } });
const readMe = (caller: Caller) => call(me.GET, "GET", "/api/v1/users/me", caller);
const changePassword = (caller: Caller) =>
  call(password.POST, "POST", "/", { ...caller, ip: randomIp(), body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } });

async function resetToken(email: string) {
  const { done } = await requestPasswordReset(email, testMeta(randomIp()));
  await done;
  return mailedToken(email, "Reset your password");
}
const confirmReset = (token: string, newPassword = NEW_PASSWORD) =>
  call(resetConfirm.POST, "POST", "/", { ip: randomIp(), body: { token, newPassword } });

describe("a password reset ends every session and token (finding 3)", () => {
  it("revokes tokens minted before, and tokens minted from them", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    const child = String((await mintToken({ token })).json!.token);
    const session = await sessionOf(user.id);
    const minted = String((await mintToken(session)).json!.token);
    for (const caller of [{ token }, { token: child }, { token: minted }, session]) expect((await readMe(caller)).status).toBe(200);

    expect((await confirmReset(await resetToken(user.email))).status).toBe(204);
    for (const caller of [{ token }, { token: child }, { token: minted }]) expect((await readMe(caller)).status).toBe(401);
    expect((await readMe(session)).status).toBe(401);
    expect(await db.apiToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    expect(await db.auditEntry.findFirst({ where: { targetId: user.id, action: "user.password_reset" } })).toMatchObject({
      changes: { tokens: { before: 3, after: 0 } },
    });
  });

  it("takes a reset link once when two requests use it at the same time", async () => {
    const user = await createUser();
    const token = await resetToken(user.email);
    const answers = await Promise.all([confirmReset(token, NEW_PASSWORD), confirmReset(token, "a third long passphrase")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 422]);
    const winner = answers[0].status === 204 ? NEW_PASSWORD : "a third long passphrase";
    expect(
      (await call(tokenSignIn.POST, "POST", "/api/v1/auth/token", { ip: randomIp(), body: { login: user.username, password: winner } }))
        .status,
    ).toBe(201);
  });
});

describe("a password change (finding 11)", () => {
  it("raises the session version: other sessions end, also one a sign-in in flight creates, the current one stays", async () => {
    const user = await createUser();
    const current = await sessionOf(user.id);
    const other = await sessionOf(user.id);
    // A sign-in that checked the old password just before the change creates its session after it.
    const readBeforeTheChange = await db.user.findUniqueOrThrow({ where: { id: user.id } });

    expect((await changePassword(current)).status).toBe(204);
    const inFlight = await db.$transaction((tx) => createSession(tx, readBeforeTheChange, testMeta(), null));

    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(readBeforeTheChange.sessionVersion + 1);
    expect((await readMe(current)).status).toBe(200);
    expect((await readMe(other)).status).toBe(401);
    expect((await readMe({ headers: await cookieOf(inFlight.id) })).status).toBe(401);
  });

  it("voids an outstanding reset link", async () => {
    const user = await createUser();
    const link = await resetToken(user.email);
    expect((await changePassword({ token: await tokenFor(user.id) })).status).toBe(204);
    const confirmed = await confirmReset(link, "a third long passphrase");
    expect(confirmed.status).toBe(422);
    expect(confirmed.json).toMatchObject({ code: "invalid_token" });
  });

  it("voids a portal sign-in that passed the old password and waits for its code", async () => {
    const user = await createUser();
    const codes = await db.$transaction(async (tx) => {
      await tx.user.update({
        where: { id: user.id },
        data: { totpSecret: sealTotpSecret(newTotpSecret(), user.id), totpEnabledAt: new Date() },
      });
      return replaceRecoveryCodes(tx, user.id);
    });
    const challenge = unique("chl_");
    await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, testMeta(randomIp()), "PASSWORD", null, challenge).catch(
      () => null,
    );
    expect(await db.signInChallenge.count({ where: { userId: user.id, usedAt: null } })).toBe(1);
    expect((await changePassword({ token: await tokenFor(user.id) })).status).toBe(204);
    await expect(completeTwoFactorSignIn(challenge, codes[0], testMeta(randomIp()))).rejects.toThrow(SignInFailed);
  });
});

describe('the Security page\'s "Revoke all tokens" after a password change', () => {
  it("revokes every live token of the account, each audited, and no one else's", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const mine = [await tokenFor(user.id), await tokenFor(user.id, ["read"])];
    const theirs = await tokenFor(stranger.id);
    expect(await revokeAllTokens(user.id, auditContextOf(user.id, "SESSION", testMeta()))).toBe(2);
    for (const token of mine) expect((await readMe({ token })).status).toBe(401);
    expect((await readMe({ token: theirs })).status).toBe(200);
    expect(await db.auditEntry.count({ where: { actorId: user.id, action: "token.revoke" } })).toBe(2);
    expect(await revokeAllTokens(user.id, auditContextOf(user.id, "SESSION", testMeta()))).toBe(0);
  });
});

describe("an e-mail change (finding 11)", () => {
  async function changeEmail(caller: Caller, email: string) {
    const etag = (await readMe(caller)).headers.get("etag")!;
    return call(me.PUT, "PUT", "/api/v1/users/me", {
      ...caller,
      ip: randomIp(),
      headers: { ...caller.headers, "if-match": etag },
      body: { email, currentPassword: TEST_PASSWORD },
    });
  }

  it("voids an outstanding reset link", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    const link = await resetToken(user.email);
    expect((await changeEmail({ token }, `${unique()}@example.test`)).status).toBe(200);
    expect((await confirmReset(link)).json).toMatchObject({ status: 422, code: "invalid_token" });
  });

  it("voids a reset link sent to the old address while the change waited for confirmation", async () => {
    const user = await createUser();
    expect((await changeEmail({ token: await tokenFor(user.id) }, `${unique()}@example.test`)).status).toBe(200);
    const link = await resetToken(user.email);
    expect((await call(verifyEmail.POST, "POST", "/", { ip: randomIp(), body: { token: await verificationLinkOf(user.id) } })).status).toBe(
      204,
    );
    expect((await confirmReset(link)).json).toMatchObject({ status: 422, code: "invalid_token" });
  });

  it("voids the verification links sent before: of the old address and of an earlier change", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    const oldAddressLink = unique("pmv_");
    await db.emailVerificationToken.create({
      data: { userId: user.id, email: user.email, tokenHash: sha256(oldAddressLink), expiresAt: new Date(Date.now() + 3_600_000) },
    });
    expect((await changeEmail({ token }, `${unique()}@example.test`)).status).toBe(200);
    const firstLink = await verificationLinkOf(user.id);
    expect((await changeEmail({ token }, `${unique()}@example.test`)).status).toBe(200);

    for (const stale of [oldAddressLink, firstLink]) {
      expect((await call(verifyEmail.POST, "POST", "/", { ip: randomIp(), body: { token: stale } })).json).toMatchObject({
        status: 422,
        code: "invalid_token",
      });
    }
    expect((await call(verifyEmail.POST, "POST", "/", { ip: randomIp(), body: { token: await verificationLinkOf(user.id) } })).status).toBe(
      204,
    );
  });
});

/** The token of the newest verification mail to the user's pending address. */
async function verificationLinkOf(userId: string) {
  const row = await db.emailVerificationToken.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" } });
  return mailedToken(row.email);
}

/** The cookie header of a session row, as next-auth writes it. */
async function cookieOf(sessionId: string) {
  return {
    cookie: `${SESSION_COOKIE}=${await encode({ token: { sid: sessionId }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE })}`,
  };
}
