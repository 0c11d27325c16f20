import { afterEach, describe, expect, it, vi } from "vitest";
import * as tokenSignIn from "@/app/api/v1/auth/token/route";
import * as twoFactorSetup from "@/app/api/v1/users/me/2fa/setup/route";
import * as reauthenticate from "@/app/api/v1/users/me/reauthenticate/route";
import * as me from "@/app/api/v1/users/me/route";
import * as tokens from "@/app/api/v1/users/me/tokens/route";
import { db } from "@/lib/db/client";
import { createUser, sessionCookieFor, TEST_PASSWORD, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

/**
 * Issue 23, finding 3: a credential counts as recently authenticated from the sign-in it descends
 * from, never from its own creation, so an old session or token cannot mint a fresh token and
 * then change two-factor sign-in. Moved clocks stand in for waiting (the default window: 10 minutes).
 */

const DEFAULT_WINDOW_MS = 600_000;
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

async function sessionOf(userId: string) {
  const session = await sessionCookieFor(userId);
  return { id: session.sessionId, headers: { cookie: session.header } };
}

/** A new user's session whose sign-in was a minute longer ago than the window. */
async function oldSession() {
  const session = await sessionOf((await createUser()).id);
  await db.userSession.update({
    where: { id: session.id },
    data: { authenticatedAt: new Date(Date.now() - DEFAULT_WINDOW_MS - 60_000) },
  });
  return session;
}

type Caller = { headers?: Record<string, string>; token?: string };
const mintToken = (caller: Caller, body: Record<string, unknown> = {}) =>
  call(tokens.POST, "POST", "/api/v1/users/me/tokens", { ...caller, ip: randomIp(), body: { name: "minted", ...body } });
const setUpTwoFactor = (caller: Caller) => call(twoFactorSetup.POST, "POST", "/api/v1/users/me/2fa/setup", caller);
const readMe = (caller: Caller) => call(me.GET, "GET", "/api/v1/users/me", caller);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("minting a token needs a recent sign-in (finding 3)", () => {
  it("refuses an old session (401 reauthentication_required) unless the request carries the password", async () => {
    const session = await oldSession();

    const refused = await mintToken(session);
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ code: "reauthentication_required" });
    const wrong = await mintToken(session, { password: "not my password" });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ errors: [{ path: "password" }] });
    const minted = await mintToken(session, { password: TEST_PASSWORD });
    expect(minted.status).toBe(201);
    // The password proved in the request is the new token's sign-in: it may set up 2FA now.
    expect((await setUpTwoFactor({ token: String(minted.json!.token) })).status).toBe(200);
    // Minting with the password does not renew the session: that is POST /users/me/reauthenticate.
    expect((await mintToken(session)).status).toBe(401);
  });

  it("counts a wrong password against the password-check budget of the account", async () => {
    const session = await oldSession();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await mintToken(session, { password: `wrong ${i} password` })).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("refuses an old token (moved clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = await createUser();
    const token = await tokenFor(user.id);
    expect((await mintToken({ token })).status).toBe(201);
    later(DEFAULT_WINDOW_MS + 1000);
    const refused = await mintToken({ token });
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ code: "reauthentication_required" });
    expect((await mintToken({ token }, { password: TEST_PASSWORD })).status).toBe(201);
  });

  it("gives a token minted from a session the session's sign-in time, so it goes stale with it (moved clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = await createUser();
    const session = await sessionOf(user.id);
    later(5 * 60_000);
    const minted = await mintToken(session);
    expect(minted.status).toBe(201);
    const token = String(minted.json!.token);
    // 10.5 minutes after the sign-in, 5.5 after the token was made: too old for either.
    later(5.5 * 60_000);
    await readMe(session);
    for (const caller of [session, { token }]) {
      const setup = await setUpTwoFactor(caller);
      expect(setup.status).toBe(401);
      expect(setup.json).toMatchObject({ code: "reauthentication_required" });
      expect((await mintToken(caller)).status).toBe(401);
    }
    // Re-authenticating the session renews the session, not the tokens it made before.
    expect(
      (await call(reauthenticate.POST, "POST", "/", { headers: session.headers, ip: randomIp(), body: { password: TEST_PASSWORD } }))
        .status,
    ).toBe(204);
    expect((await setUpTwoFactor(session)).status).toBe(200);
    expect((await setUpTwoFactor({ token })).status).toBe(401);
  });

  it("gives a token minted from a token the parent's sign-in time (moved clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = await createUser();
    const signIn = await call(tokenSignIn.POST, "POST", "/api/v1/auth/token", {
      ip: randomIp(),
      body: { login: user.username, password: TEST_PASSWORD },
    });
    expect(signIn.status).toBe(201);
    later(9 * 60_000);
    const child = await mintToken({ token: String(signIn.json!.token) });
    expect(child.status).toBe(201);
    later(2 * 60_000);
    expect((await setUpTwoFactor({ token: String(child.json!.token) })).json).toMatchObject({
      status: 401,
      code: "reauthentication_required",
    });
  });

  it("honours REAUTH_WINDOW_SECONDS (moved clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = await createUser();
    const session = await sessionOf(user.id);
    const token = await tokenFor(user.id);
    later(90_000);
    vi.stubEnv("REAUTH_WINDOW_SECONDS", "60");
    for (const caller of [session, { token }]) {
      expect((await setUpTwoFactor(caller)).json).toMatchObject({ status: 401, code: "reauthentication_required" });
      expect((await mintToken(caller)).status).toBe(401);
    }
    vi.stubEnv("REAUTH_WINDOW_SECONDS", "120");
    expect((await mintToken(session)).status).toBe(201);
    expect((await setUpTwoFactor({ token })).status).toBe(200);
  });
});
