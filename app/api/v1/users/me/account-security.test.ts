import { encode } from "next-auth/jwt";
import { describe, expect, it, vi } from "vitest";
import * as tokenSignIn from "@/app/api/v1/auth/token/route";
import * as resetConfirm from "@/app/api/v1/auth/password-reset/confirm/route";
import * as resetRequest from "@/app/api/v1/auth/password-reset/route";
import * as staffReset from "@/app/api/v1/users/[id]/2fa/reset/route";
import * as staffHistory from "@/app/api/v1/users/[id]/login-history/route";
import * as twoFactorDisable from "@/app/api/v1/users/me/2fa/disable/route";
import * as twoFactorEnable from "@/app/api/v1/users/me/2fa/enable/route";
import * as recoveryCodes from "@/app/api/v1/users/me/2fa/recovery-codes/route";
import * as twoFactor from "@/app/api/v1/users/me/2fa/route";
import * as twoFactorSetup from "@/app/api/v1/users/me/2fa/setup/route";
import * as oneDevice from "@/app/api/v1/users/me/devices/[deviceId]/route";
import * as devices from "@/app/api/v1/users/me/devices/route";
import * as ownHistory from "@/app/api/v1/users/me/login-history/route";
import * as password from "@/app/api/v1/users/me/password/route";
import * as reauthenticate from "@/app/api/v1/users/me/reauthenticate/route";
import * as me from "@/app/api/v1/users/me/route";
import * as oneSession from "@/app/api/v1/users/me/sessions/[sessionId]/route";
import * as sessions from "@/app/api/v1/users/me/sessions/route";
import { requestPasswordReset, RESET_TOKEN_TTL_MS } from "@/lib/account/passwords";
import { reauthWindowMs } from "@/lib/account/reauthentication";
import { SESSION_COOKIE } from "@/lib/auth/config";
import { createSession } from "@/lib/auth/sessions";
import { totpCode, TOTP_PERIOD_SECONDS } from "@/lib/auth/two-factor";
import { db } from "@/lib/db/client";
import { createUser, TEST_PASSWORD, testMeta, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { deliveredMail } from "@/lib/testing/mail";

const NEW_PASSWORD = "another long passphrase";
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A real portal session of the user (a row and next-auth's cookie), optionally on a device. */
async function sessionOf(userId: string, options: { deviceId?: string | null; userAgent?: string } = {}) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const meta = {
    ip: "10.3.3.3",
    userAgent: options.userAgent ?? "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36",
    requestId: "t",
  };
  const session = await db.$transaction((tx) => createSession(tx, user, meta, options.deviceId ?? null));
  const cookie = `${SESSION_COOKIE}=${await encode({ token: { sid: session.id }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE })}`;
  return { id: session.id, headers: { cookie } };
}

async function deviceOf(userId: string, name = "Chrome on Linux") {
  return db.device.create({
    data: { userId, keyHash: `test-${Math.random()}`, name, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36" },
  });
}

const isSignedIn = async (headers: Record<string, string>) => (await call(me.GET, "GET", "/api/v1/users/me", { headers })).status === 200;
const signInWithToken = (login: string, secret: string, otp?: string, ip = randomIp()) =>
  call(tokenSignIn.POST, "POST", "/api/v1/auth/token", { ip, body: { login, password: secret, ...(otp ? { otp } : {}) } });

describe("changing the password (POST /users/me/password)", () => {
  it("needs the current password, refuses weak new ones, and ends every other session", async () => {
    const user = await createUser();
    const current = await sessionOf(user.id);
    const other = await sessionOf(user.id);
    const wrong = await call(password.POST, "POST", "/", {
      headers: current.headers,
      body: { currentPassword: "not my password", newPassword: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ errors: [{ path: "currentPassword" }] });
    for (const weak of ["short", "password123", "iloveyou"]) {
      const refused = await call(password.POST, "POST", "/", {
        headers: current.headers,
        body: { currentPassword: TEST_PASSWORD, newPassword: weak },
      });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ errors: [{ path: "newPassword" }] });
    }
    expect(await isSignedIn(other.headers)).toBe(true);

    const changed = await call(password.POST, "POST", "/", {
      headers: current.headers,
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(204);
    expect(await isSignedIn(current.headers)).toBe(true);
    expect(await isSignedIn(other.headers)).toBe(false);
    expect((await signInWithToken(user.username, TEST_PASSWORD)).status).toBe(401);
    expect((await signInWithToken(user.username, NEW_PASSWORD)).status).toBe(201);
    expect(await db.auditEntry.count({ where: { targetId: user.id, action: "user.password_change" } })).toBe(1);
  });

  it("rate limits the current-password check like sign-in", async () => {
    const user = await createUser();
    const { headers } = await sessionOf(user.id);
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await call(password.POST, "POST", "/", {
            ip: randomIp(),
            headers,
            body: { currentPassword: `wrong ${i} password`, newPassword: NEW_PASSWORD },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("password reset (POST /auth/password-reset, .../confirm)", () => {
  async function resetToken(email: string) {
    const { done } = await requestPasswordReset(email, testMeta(randomIp()));
    await done;
    const mail = await deliveredMail(email, "Reset your password");
    const link = /https?:\/\/\S+\/reset-password\?token=(\S+)/.exec(mail.text)!;
    return { link: link[0], token: decodeURIComponent(link[1]), mail };
  }

  it("answers 202 with the same body for known and unknown addresses, and mails only the known one", async () => {
    const user = await createUser();
    const known = await call(resetRequest.POST, "POST", "/", { ip: randomIp(), body: { email: user.email } });
    const unknown = await call(resetRequest.POST, "POST", "/", { ip: randomIp(), body: { email: `nobody-${user.id}@example.test` } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.text).toBe(known.text);
    await vi.waitFor(async () => expect(await db.passwordResetToken.count({ where: { userId: user.id } })).toBe(1));
    expect(await db.outboxMail.count({ where: { to: `nobody-${user.id}@example.test` } })).toBe(0);
  });

  it("stores the token hashed, builds the link from PUBLIC_URL (never the Host header), and ends every session on confirm", async () => {
    const user = await createUser({ roles: ["USER"] });
    const session = await sessionOf(user.id);
    const answer = await call(resetRequest.POST, "POST", "/", {
      ip: randomIp(),
      headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
      body: { email: user.email },
    });
    expect(answer.status).toBe(202);
    await vi.waitFor(async () => expect(await db.outboxMail.count({ where: { to: user.email, subject: "Reset your password" } })).toBe(1));
    const { link, token, mail } = await resetToken(user.email);
    expect(link.startsWith("http://127.0.0.1:")).toBe(true);
    expect(mail.text + mail.html).not.toContain("evil.example");
    expect(mail.html).toContain(token.slice(0, 20));
    expect(token).toMatch(/^pmr_[\w-]{43}$/);
    const rows = await db.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(rows.some((row) => row.tokenHash.includes(token))).toBe(false);

    const weak = await call(resetConfirm.POST, "POST", "/", { ip: randomIp(), body: { token, newPassword: "password1" } });
    expect(weak.status).toBe(400);
    expect(weak.json).toMatchObject({ errors: [{ path: "newPassword" }] });
    const confirmed = await call(resetConfirm.POST, "POST", "/", { ip: randomIp(), body: { token, newPassword: NEW_PASSWORD } });
    expect(confirmed.status).toBe(204);
    expect(await isSignedIn(session.headers)).toBe(false);
    expect((await signInWithToken(user.username, NEW_PASSWORD)).status).toBe(201);
    const reused = await call(resetConfirm.POST, "POST", "/", { ip: randomIp(), body: { token, newPassword: "a third long passphrase" } });
    expect(reused.status).toBe(422);
    expect(reused.json).toMatchObject({ code: "invalid_token" });
  });

  it("voids an older link when a newer one is sent", async () => {
    const user = await createUser();
    const older = await resetToken(user.email);
    const newer = await resetToken(user.email);
    expect(
      (await call(resetConfirm.POST, "POST", "/", { ip: randomIp(), body: { token: older.token, newPassword: NEW_PASSWORD } })).status,
    ).toBe(422);
    expect(
      (await call(resetConfirm.POST, "POST", "/", { ip: randomIp(), body: { token: newer.token, newPassword: NEW_PASSWORD } })).status,
    ).toBe(204);
  });

  it("accepts a link for 30 minutes and not after (moved clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const early = await createUser();
    const late = await createUser();
    const inTime = await resetToken(early.email);
    const tooLate = await resetToken(late.email);
    vi.setSystemTime(Date.now() + RESET_TOKEN_TTL_MS - 60_000);
    expect(
      (await call(resetConfirm.POST, "POST", "/", { ip: randomIp(), body: { token: inTime.token, newPassword: NEW_PASSWORD } })).status,
    ).toBe(204);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const expired = await call(resetConfirm.POST, "POST", "/", {
      ip: randomIp(),
      body: { token: tooLate.token, newPassword: NEW_PASSWORD },
    });
    expect(expired.status).toBe(422);
    expect(
      (await call(resetConfirm.POST, "POST", "/", { ip: randomIp(), body: { token: "pmr_made-up", newPassword: NEW_PASSWORD } })).status,
    ).toBe(422);
  });

  it("limits requests per address, known or not, with the same answer", async () => {
    const user = await createUser();
    for (const email of [user.email, `nobody-${user.id}@example.test`]) {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(resetRequest.POST, "POST", "/", { ip: randomIp(), body: { email } })).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
    }
  });
});

describe("sessions (GET/DELETE /users/me/sessions)", () => {
  it("lists the live sessions with browser, system and the current one; ends one at once; 404 for unknown or others' ids", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const current = await sessionOf(user.id);
    const other = await sessionOf(user.id, {
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
    });
    const strangers = await sessionOf(stranger.id);
    await db.userSession.update({ where: { id: (await sessionOf(user.id)).id }, data: { revokedAt: new Date() } });

    const list = await call(sessions.GET, "GET", "/", { headers: current.headers });
    expect(list.status).toBe(200);
    const data = list.json!.data as { id: string; current: boolean; browser: string; os: string; ip: string }[];
    expect(data.map((session) => session.id).sort()).toEqual([current.id, other.id].sort());
    expect(data.find((session) => session.id === other.id)).toMatchObject({
      current: false,
      browser: "Firefox",
      os: "Windows",
      ip: "10.3.3.3",
    });
    expect(data.find((session) => session.id === current.id)).toMatchObject({ current: true, browser: "Chrome", os: "Linux" });

    for (const id of [strangers.id, "no-such-session"]) {
      expect((await call(oneSession.DELETE, "DELETE", "/", { headers: current.headers, params: { sessionId: id } })).status).toBe(404);
    }
    expect(await isSignedIn(strangers.headers)).toBe(true);
    expect((await call(oneSession.DELETE, "DELETE", "/", { headers: current.headers, params: { sessionId: other.id } })).status).toBe(204);
    expect(await isSignedIn(other.headers)).toBe(false);
    expect((await call(oneSession.DELETE, "DELETE", "/", { headers: current.headers, params: { sessionId: other.id } })).status).toBe(404);
  });

  it("ends every other session and keeps the current one", async () => {
    const user = await createUser();
    const current = await sessionOf(user.id);
    const others = [await sessionOf(user.id), await sessionOf(user.id)];
    expect((await call(sessions.DELETE, "DELETE", "/", { headers: current.headers })).status).toBe(204);
    expect(await isSignedIn(current.headers)).toBe(true);
    for (const other of others) expect(await isSignedIn(other.headers)).toBe(false);
  });

  it("pages with limit and cursor", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id, ["read"]);
    for (let i = 0; i < 3; i++) await sessionOf(user.id);
    const first = await call(sessions.GET, "GET", "/api/v1/users/me/sessions?limit=2", { token });
    expect((first.json!.data as unknown[]).length).toBe(2);
    const second = await call(sessions.GET, "GET", `/api/v1/users/me/sessions?limit=2&cursor=${first.json!.nextCursor}`, { token });
    expect(second.json).toMatchObject({ nextCursor: null });
    expect((second.json!.data as unknown[]).length).toBe(1);
  });
});

describe("devices (GET/PATCH/DELETE /users/me/devices)", () => {
  it("lists, renames and removes own devices; removing ends the device's sessions; others' devices are 404", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const laptop = await deviceOf(user.id);
    const phone = await deviceOf(user.id, "Safari on iOS");
    const strangersDevice = await deviceOf(stranger.id);
    const current = await sessionOf(user.id, { deviceId: laptop.id });
    const onPhone = await sessionOf(user.id, { deviceId: phone.id });

    const list = await call(devices.GET, "GET", "/", { headers: current.headers });
    expect(list.json!.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: laptop.id, current: true }),
        expect.objectContaining({ id: phone.id, name: "Safari on iOS", current: false }),
      ]),
    );
    expect((list.json!.data as unknown[]).length).toBe(2);

    const renamed = await call(oneDevice.PATCH, "PATCH", "/", {
      headers: current.headers,
      params: { deviceId: phone.id },
      body: { name: "My phone" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: phone.id, name: "My phone" });
    expect(
      (await call(oneDevice.PATCH, "PATCH", "/", { headers: current.headers, params: { deviceId: phone.id }, body: { name: "" } })).status,
    ).toBe(400);
    expect(
      (
        await call(oneDevice.PATCH, "PATCH", "/", {
          headers: current.headers,
          params: { deviceId: phone.id },
          body: { name: "x", extra: 1 },
        })
      ).status,
    ).toBe(400);
    for (const id of [strangersDevice.id, "no-such-device"]) {
      expect(
        (await call(oneDevice.PATCH, "PATCH", "/", { headers: current.headers, params: { deviceId: id }, body: { name: "Mine now" } }))
          .status,
      ).toBe(404);
      expect((await call(oneDevice.DELETE, "DELETE", "/", { headers: current.headers, params: { deviceId: id } })).status).toBe(404);
    }

    expect((await call(oneDevice.DELETE, "DELETE", "/", { headers: current.headers, params: { deviceId: phone.id } })).status).toBe(204);
    expect(await isSignedIn(onPhone.headers)).toBe(false);
    expect(await isSignedIn(current.headers)).toBe(true);
    expect((await db.device.findUniqueOrThrow({ where: { id: phone.id } })).removedAt).not.toBeNull();
    expect((await call(oneDevice.DELETE, "DELETE", "/", { headers: current.headers, params: { deviceId: phone.id } })).status).toBe(404);
    expect(((await call(devices.GET, "GET", "/", { headers: current.headers })).json!.data as unknown[]).length).toBe(1);
  });
});

describe("login history", () => {
  it("shows the user every own attempt newest first with a plain outcome and reason; staff with users.readAny see anyone's", async () => {
    const user = await createUser();
    await signInWithToken(user.username, "a wrong password");
    await signInWithToken(user.username, TEST_PASSWORD);
    const token = await tokenFor(user.id, ["read"]);
    // Two-factor turned on: a right password without the code is the first step, not a failure.
    await db.user.update({ where: { id: user.id }, data: { totpSecret: "v1:x:y:z", totpEnabledAt: new Date() } });
    await signInWithToken(user.username, TEST_PASSWORD);
    const own = await call(ownHistory.GET, "GET", "/", { token });
    expect(own.status).toBe(200);
    const events = own.json!.data as { success: boolean; outcome: string; method: string; reason: string | null }[];
    expect(events.slice(0, 3).map((event) => [event.success, event.outcome, event.method, event.reason])).toEqual([
      [false, "SECOND_FACTOR_REQUESTED", "TOKEN", "otp_required"],
      [true, "SIGNED_IN", "TOKEN", null],
      [false, "FAILED", "TOKEN", "wrong_password"],
    ]);

    const support = await tokenFor((await createUser({ roles: ["SUPPORT"] })).id, ["read", "admin"]);
    const seen = await call(staffHistory.GET, "GET", "/", { token: support, params: { id: user.id } });
    expect(seen.status).toBe(200);
    expect((seen.json!.data as { reason: string | null }[])[2].reason).toBe("wrong_password");
    expect((await call(staffHistory.GET, "GET", "/", { token: support, params: { id: "no-such-user" } })).status).toBe(404);
    expect((await call(staffHistory.GET, "GET", "/", { token, params: { id: (await createUser()).id } })).status).toBe(403);
  });
});

describe("re-authentication for account security changes (moved clock)", () => {
  it("needs the password again when the session's last authentication is older than 10 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = await createUser();
    const session = await sessionOf(user.id);
    vi.setSystemTime(Date.now() + reauthWindowMs() - 30_000);
    expect((await call(twoFactorSetup.POST, "POST", "/", { headers: session.headers })).status).toBe(200);
    vi.setSystemTime(Date.now() + 60_000);
    // The session is still signed in (idle limit 30 min), but the last authentication is too old.
    await call(me.GET, "GET", "/", { headers: session.headers });
    const stale = await call(twoFactorSetup.POST, "POST", "/", { headers: session.headers });
    expect(stale.status).toBe(401);
    expect(stale.json).toMatchObject({ code: "reauthentication_required" });
    expect((await call(reauthenticate.POST, "POST", "/", { headers: session.headers, body: { password: "wrong password" } })).status).toBe(
      400,
    );
    expect((await call(reauthenticate.POST, "POST", "/", { headers: session.headers, body: { password: TEST_PASSWORD } })).status).toBe(
      204,
    );
    expect((await call(twoFactorSetup.POST, "POST", "/", { headers: session.headers })).status).toBe(200);
  });

  it("counts a token from the sign-in it was made with (here: just now)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = await createUser();
    const token = await tokenFor(user.id, ["read", "write"]);
    expect((await call(twoFactorSetup.POST, "POST", "/", { token })).status).toBe(200);
    vi.setSystemTime(Date.now() + reauthWindowMs() + 1000);
    expect((await call(twoFactorSetup.POST, "POST", "/", { token })).json).toMatchObject({
      status: 401,
      code: "reauthentication_required",
    });
  });
});

describe("two-factor sign-in (TOTP)", () => {
  /** Sets up and enables 2FA through the API; returns the secret and the recovery codes. */
  async function enable(userId: string) {
    const { headers } = await sessionOf(userId);
    const setup = await call(twoFactorSetup.POST, "POST", "/", { headers });
    const secret = setup.json!.secret as string;
    expect(setup.json!.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const wrong = await call(twoFactorEnable.POST, "POST", "/", { headers, body: { code: totpCode(secret, Date.now() - 5 * 60_000) } });
    expect(wrong.status).toBe(400);
    const enabled = await call(twoFactorEnable.POST, "POST", "/", { headers, body: { code: totpCode(secret) } });
    expect(enabled.status).toBe(200);
    return { secret, recoveryCodes: enabled.json!.recoveryCodes as string[], headers };
  }
  const nextStep = () => vi.setSystemTime(Date.now() + TOTP_PERIOD_SECONDS * 1000);

  it("enables with a code, stores the secret encrypted and 10 hashed recovery codes", async () => {
    const user = await createUser();
    const { secret, recoveryCodes: codes, headers } = await enable(user.id);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.totpSecret).not.toContain(secret);
    const hashes = await db.recoveryCode.findMany({ where: { userId: user.id } });
    expect(hashes).toHaveLength(10);
    expect(hashes.some((row) => codes.some((code) => row.codeHash.includes(code.replace(/-/g, ""))))).toBe(false);
    expect((await call(twoFactor.GET, "GET", "/", { headers })).json).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await call(twoFactorSetup.POST, "POST", "/", { headers })).status).toBe(409);
  });

  it("asks POST /auth/token for the code; a wrong, replayed or too old code answers like a wrong password (moved clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = await createUser();
    const { secret } = await enable(user.id);
    nextStep();

    const missing = await signInWithToken(user.username, TEST_PASSWORD);
    expect(missing.status).toBe(401);
    expect(missing.json).toMatchObject({ code: "otp_required" });
    const wrongPassword = await signInWithToken(user.username, "a wrong password", totpCode(secret));
    expect(wrongPassword.json).toMatchObject({ status: 401, code: "invalid_credentials" });

    const wrong = await signInWithToken(user.username, TEST_PASSWORD, totpCode(secret, Date.now() + 5 * 60_000));
    expect(wrong.json).toMatchObject({ status: 401, code: "invalid_credentials" });
    const code = totpCode(secret);
    expect((await signInWithToken(user.username, TEST_PASSWORD, code)).status).toBe(201);
    const replayed = await signInWithToken(user.username, TEST_PASSWORD, code);
    expect(replayed.json).toMatchObject({ status: 401, code: "invalid_credentials" });

    // The previous step is still accepted (clock drift), once; the one before it never.
    nextStep();
    nextStep();
    const previous = totpCode(secret, Date.now() - TOTP_PERIOD_SECONDS * 1000);
    const twoBack = totpCode(secret, Date.now() - 2 * TOTP_PERIOD_SECONDS * 1000);
    expect((await signInWithToken(user.username, TEST_PASSWORD, twoBack)).status).toBe(401);
    expect((await signInWithToken(user.username, TEST_PASSWORD, previous)).status).toBe(201);
    const reasons = (await db.loginEvent.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } })).map(
      (event) => event.reason,
    );
    expect(reasons).toEqual(["otp_required", "wrong_password", "wrong_otp", null, "wrong_otp", "wrong_otp", null]);
  });

  it("takes each recovery code once", async () => {
    const user = await createUser();
    const { recoveryCodes: codes } = await enable(user.id);
    expect((await signInWithToken(user.username, TEST_PASSWORD, codes[3].toUpperCase())).status).toBe(201);
    expect((await signInWithToken(user.username, TEST_PASSWORD, codes[3])).status).toBe(401);
    expect((await signInWithToken(user.username, TEST_PASSWORD, "aaaaa-bbbbb")).status).toBe(401);
  });

  it("replaces the recovery codes and turns off with password + code only", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = await createUser();
    const { secret, recoveryCodes: old, headers } = await enable(user.id);
    nextStep();
    const renewed = await call(recoveryCodes.POST, "POST", "/", { headers, body: { password: TEST_PASSWORD, code: totpCode(secret) } });
    expect(renewed.status).toBe(200);
    expect((await signInWithToken(user.username, TEST_PASSWORD, old[0])).status).toBe(401);

    const wrongPassword = await call(twoFactorDisable.POST, "POST", "/", {
      headers,
      body: { password: "wrong password", code: (renewed.json!.recoveryCodes as string[])[0] },
    });
    expect(wrongPassword.json).toMatchObject({ status: 400, errors: [{ path: "password" }] });
    const replayed = await call(twoFactorDisable.POST, "POST", "/", { headers, body: { password: TEST_PASSWORD, code: totpCode(secret) } });
    expect(replayed.json).toMatchObject({ status: 400, errors: [{ path: "code" }] });
    const malformed = await call(twoFactorDisable.POST, "POST", "/", { headers, body: { password: TEST_PASSWORD, code: "12" } });
    expect(malformed.status).toBe(400);
    const off = await call(twoFactorDisable.POST, "POST", "/", {
      headers,
      body: { password: TEST_PASSWORD, code: (renewed.json!.recoveryCodes as string[])[0] },
    });
    expect(off.status).toBe(204);
    expect((await signInWithToken(user.username, TEST_PASSWORD)).status).toBe(201);
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect((await call(twoFactorDisable.POST, "POST", "/", { headers, body: { password: TEST_PASSWORD, code: "123456" } })).status).toBe(
      422,
    );
  });

  it("refuses to enable without setup, and with a replayed setup code", async () => {
    const user = await createUser();
    const { headers } = await sessionOf(user.id);
    expect((await call(twoFactorEnable.POST, "POST", "/", { headers, body: { code: "123456" } })).status).toBe(422);
    expect((await call(twoFactorEnable.POST, "POST", "/", { headers, body: { code: "12345a" } })).status).toBe(400);
  });

  it("lets staff above the user's rank reset it, with a security warning and a mail", async () => {
    const user = await createUser();
    await enable(user.id);
    const support = await createUser({ roles: ["SUPPORT"] });
    const supportToken = await tokenFor(support.id);
    const peer = await createUser({ roles: ["SUPPORT"] });
    await enable(peer.id);

    expect((await call(staffReset.POST, "POST", "/", { token: supportToken, params: { id: peer.id } })).status).toBe(403);
    expect((await call(staffReset.POST, "POST", "/", { token: supportToken, params: { id: "no-such-user" } })).status).toBe(404);
    expect(
      (await call(staffReset.POST, "POST", "/", { token: await tokenFor(support.id, ["read", "admin"]), params: { id: user.id } })).status,
    ).toBe(403);
    const reset = await call(staffReset.POST, "POST", "/", { token: supportToken, params: { id: user.id } });
    expect(reset.status).toBe(204);
    expect((await signInWithToken(user.username, TEST_PASSWORD)).status).toBe(201);
    const warning = await db.warning.findFirstOrThrow({ where: { userId: user.id } });
    expect(warning).toMatchObject({ kind: "SECURITY_EVENT", authorId: null });
    expect(await db.auditEntry.count({ where: { targetId: user.id, action: "user.2fa_reset", actorId: support.id } })).toBe(1);
    expect(await db.outboxMail.count({ where: { to: user.email, subject: "Two-factor sign-in was turned off for your account" } })).toBe(1);
    expect((await call(staffReset.POST, "POST", "/", { token: supportToken, params: { id: user.id } })).status).toBe(422);
  });
});

describe("token scopes and suspended users on the account security endpoints", () => {
  const ownReads = [
    ["GET /users/me/sessions", sessions.GET],
    ["GET /users/me/devices", devices.GET],
    ["GET /users/me/login-history", ownHistory.GET],
    ["GET /users/me/2fa", twoFactor.GET],
  ] as const;
  const ownWrites = [
    ["POST /users/me/password", password.POST, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }, {}],
    ["DELETE /users/me/sessions", sessions.DELETE, undefined, {}],
    ["DELETE /users/me/sessions/{id}", oneSession.DELETE, undefined, { sessionId: "x" }],
    ["PATCH /users/me/devices/{id}", oneDevice.PATCH, { name: "x" }, { deviceId: "x" }],
    ["DELETE /users/me/devices/{id}", oneDevice.DELETE, undefined, { deviceId: "x" }],
    ["POST /users/me/2fa/setup", twoFactorSetup.POST, undefined, {}],
    ["POST /users/me/2fa/enable", twoFactorEnable.POST, { code: "123456" }, {}],
    ["POST /users/me/2fa/disable", twoFactorDisable.POST, { password: TEST_PASSWORD, code: "123456" }, {}],
    ["POST /users/me/2fa/recovery-codes", recoveryCodes.POST, { password: TEST_PASSWORD, code: "123456" }, {}],
    ["POST /users/me/reauthenticate", reauthenticate.POST, { password: TEST_PASSWORD }, {}],
  ] as const;

  it.each(ownReads)("%s: a read token reads; a suspended user's token is refused", async (_label, handler) => {
    const user = await createUser();
    expect((await call(handler, "GET", "/", { token: await tokenFor(user.id, ["read"]) })).status).toBe(200);
    const suspended = await createUser();
    const token = await tokenFor(suspended.id, ["read"]);
    await db.user.update({ where: { id: suspended.id }, data: { suspendedAt: new Date() } });
    expect((await call(handler, "GET", "/", { token })).status).toBe(401);
    expect((await call(handler, "GET", "/")).status).toBe(401);
  });

  it.each(ownWrites)("%s: a read token cannot write; anonymous and suspended callers are 401", async (_label, handler, body, params) => {
    const user = await createUser();
    const read = await call(handler, "POST", "/", { token: await tokenFor(user.id, ["read", "admin"]), body, params });
    expect(read.json).toMatchObject({ status: 403, code: "insufficient_scope" });
    const suspended = await createUser();
    const token = await tokenFor(suspended.id);
    await db.user.update({ where: { id: suspended.id }, data: { suspendedAt: new Date() } });
    expect((await call(handler, "POST", "/", { token, body, params })).status).toBe(401);
    expect((await call(handler, "POST", "/", { body, params })).status).toBe(401);
  });

  it.each([
    ["read", ["read"], { history: 403, reset: 403 }],
    ["read+write", ["read", "write"], { history: 403, reset: 403 }],
    ["read+admin", ["read", "admin"], { history: 200, reset: 403 }],
    ["read+write+admin", ["read", "write", "admin"], { history: 200, reset: 204 }],
  ] as const)("staff endpoints with a Team lead's %s token", async (_label, scopes, expected) => {
    const target = await createUser();
    await db.user.update({ where: { id: target.id }, data: { totpSecret: "v1:x:y:z", totpEnabledAt: new Date() } });
    const token = await tokenFor((await createUser({ roles: ["TEAM_LEAD"] })).id, [...scopes]);
    expect((await call(staffHistory.GET, "GET", "/", { token, params: { id: target.id } })).status).toBe(expected.history);
    expect((await call(staffReset.POST, "POST", "/", { token, params: { id: target.id } })).status).toBe(expected.reset);
  });

  it("a suspended staff member's token reaches no staff endpoint", async () => {
    const lead = await createUser({ roles: ["TEAM_LEAD"] });
    const token = await tokenFor(lead.id);
    await db.user.update({ where: { id: lead.id }, data: { suspendedAt: new Date() } });
    const target = await createUser();
    expect((await call(staffHistory.GET, "GET", "/", { token, params: { id: target.id } })).status).toBe(401);
    expect((await call(staffReset.POST, "POST", "/", { token, params: { id: target.id } })).status).toBe(401);
  });
});
