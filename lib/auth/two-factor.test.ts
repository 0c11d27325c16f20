import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../db/client";
import { createUser, TEST_PASSWORD, testMeta } from "../testing/factories";
import { CHALLENGE_TTL_MS, completeTwoFactorSignIn, OtpRequired, SignInFailed, verifyCredentials } from "./sign-in";
import { twoFactorStatus } from "../account/two-factor";
import { secondFactorCodeSchema } from "./schemas";
import { sha256 } from "./secrets";
import {
  matchTotpStep,
  newTotpSecret,
  openTotpSecret,
  renewTwoFactorSecretsAtRest,
  replaceRecoveryCodes,
  sealTotpSecret,
  totpCode,
  TOTP_PERIOD_SECONDS,
  consumeSecondFactor,
} from "./two-factor";

const OLD_SECRET = "an-older-secret-an-older-secret-0123456789";
const testSecret = process.env.AUTH_SECRET;
const key = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;
/** A TOTP secret sealed as before issue 23: AES-256-GCM with SHA-256("totp-secret:" + AUTH_SECRET), no user bound. */
function legacySeal(secret: string, authSecret = process.env.AUTH_SECRET): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", createHash("sha256").update(`totp-secret:${authSecret}`).digest(), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(":");
}
const browser = () => ({ ...testMeta(), userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" });

async function userWithTwoFactor() {
  const user = await createUser();
  const secret = newTotpSecret();
  await db.user.update({ where: { id: user.id }, data: { totpSecret: sealTotpSecret(secret, user.id), totpEnabledAt: new Date() } });
  const codes = await db.$transaction((tx) => replaceRecoveryCodes(tx, user.id));
  return { user, secret, codes };
}

/** How recovery codes were stored before issue 23: the plain SHA-256 of the normalized code. */
const legacyRecoveryHash = (code: string) => sha256(`recovery:${code.toLowerCase().replace(/-/g, "")}`);

afterEach(() => {
  process.env.AUTH_SECRET = testSecret;
  delete process.env.AUTH_SECRET_PREVIOUS;
});

describe("TOTP steps", () => {
  it("accepts the current and the previous 30-second step only (moved clock)", () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 0, 1, 12, 0, 15);
    const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
    expect(matchTotpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, now + 30_000), now)).toBeNull();
  });

  it("keeps the secret sealed for its user: another user's id, a changed bit or a shortened tag does not open it", () => {
    const secret = newTotpSecret();
    const sealed = sealTotpSecret(secret, "user-a");
    expect(sealed).not.toContain(secret);
    expect(openTotpSecret(sealed, "user-a")).toBe(secret);
    expect(openTotpSecret(sealed, "user-b")).toBeNull();
    // A changed bit in the nonce, the tag or the ciphertext is refused. (Changing the last base64
    // character is not a change: its low bits are padding, which decoding ignores, so that
    // tampering went unnoticed in about one seal of sixteen.)
    const parts = sealed.split(".");
    for (let part = parts.length - 3; part < parts.length; part++) {
      const bytes = Buffer.from(parts[part]!, "base64url");
      bytes[bytes.length - 1]! ^= 1;
      expect(
        openTotpSecret(parts.map((value, index) => (index === part ? bytes.toString("base64url") : value)).join("."), "user-a"),
      ).toBeNull();
    }
    const tag = parts.length - 2;
    const shortened = parts
      .map((value, index) => (index === tag ? Buffer.from(value, "base64url").subarray(0, 12).toString("base64url") : value))
      .join(".");
    expect(openTotpSecret(shortened, "user-a")).toBeNull();
  });
});

describe("TOTP secrets sealed before issue 23 (v1)", () => {
  it("still sign in, and are sealed again for their user at that sign-in", async () => {
    const user = await createUser();
    const secret = newTotpSecret();
    const legacy = legacySeal(secret);
    await db.user.update({ where: { id: user.id }, data: { totpSecret: legacy, totpEnabledAt: new Date() } });
    const signedIn = await verifyCredentials({ login: user.username, password: TEST_PASSWORD, otp: totpCode(secret) }, browser(), "TOKEN");
    expect(signedIn.id).toBe(user.id);
    const stored = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpSecret!;
    expect(stored).toMatch(/^v2\./);
    expect(openTotpSecret(stored, user.id)).toBe(secret);
    expect(openTotpSecret(stored, "someone-else")).toBeNull();
  });
});

describe("renewing secrets at rest at start-up", () => {
  it("seals v1 secrets and those of a previous AUTH_SECRET again with the current key, and leaves unreadable ones alone", async () => {
    const [v1, previous, current, unreadable] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    const secrets = { v1: newTotpSecret(), previous: newTotpSecret(), current: newTotpSecret() };
    const currentSeal = sealTotpSecret(secrets.current, current.id);
    process.env.AUTH_SECRET = OLD_SECRET;
    const previousSeal = sealTotpSecret(secrets.previous, previous.id);
    process.env.AUTH_SECRET = testSecret;
    await db.user.update({ where: { id: v1.id }, data: { totpSecret: legacySeal(secrets.v1) } });
    await db.user.update({ where: { id: previous.id }, data: { totpSecret: previousSeal } });
    await db.user.update({ where: { id: current.id }, data: { totpSecret: currentSeal } });
    await db.user.update({
      where: { id: unreadable.id },
      data: { totpSecret: legacySeal(newTotpSecret(), "a-secret-nobody-configured-0123456789") },
    });

    process.env.AUTH_SECRET_PREVIOUS = OLD_SECRET;
    const renewed = await renewTwoFactorSecretsAtRest();
    expect(renewed.totpSecrets).toBeGreaterThanOrEqual(2);
    expect(renewed.unreadableTotpSecrets).toBeGreaterThanOrEqual(1);
    delete process.env.AUTH_SECRET_PREVIOUS;
    const stored = async (id: string) => (await db.user.findUniqueOrThrow({ where: { id } })).totpSecret!;
    const keyId = currentSeal.split(".")[1];
    for (const [user, secret] of [
      [v1, secrets.v1],
      [previous, secrets.previous],
    ] as const) {
      expect((await stored(user.id)).split(".").slice(0, 2)).toEqual(["v2", keyId]);
      expect(openTotpSecret(await stored(user.id), user.id)).toBe(secret);
    }
    expect(await stored(current.id)).toBe(currentSeal);
    expect(await stored(unreadable.id)).toMatch(/^v1:/);
  });
});

describe("recovery codes", () => {
  it("are 16 characters (about 79 bits) and stored keyed with the server secret, never as their plain SHA-256", async () => {
    const { user, codes } = await userWithTwoFactor();
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
    const rows = await db.recoveryCode.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.codeHash).toMatch(/^v2\.[0-9a-f]{8}\.[0-9a-f]{64}$/);
    const legacy = new Set(codes.map(legacyRecoveryHash));
    expect(rows.filter((row) => legacy.has(row.codeHash) || codes.some((code) => row.codeHash.includes(legacyRecoveryHash(code))))).toEqual(
      [],
    );
  });

  it("keeps codes stored before issue 23 working, and re-keys them at start-up without knowing them", async () => {
    const { user } = await userWithTwoFactor();
    const old = ["abcde-fghjk", "mnpqr-stuvw", "xyz23-45678"];
    await db.recoveryCode.deleteMany({ where: { userId: user.id } });
    await db.recoveryCode.createMany({ data: old.map((code) => ({ userId: user.id, codeHash: legacyRecoveryHash(code) })) });
    expect(await consumeSecondFactor(user, old[0]!)).toBe("RECOVERY_CODE");
    expect(await consumeSecondFactor(user, old[0]!)).toBeNull();

    expect((await renewTwoFactorSecretsAtRest()).recoveryCodes).toBeGreaterThanOrEqual(3);
    const rows = await db.recoveryCode.findMany({ where: { userId: user.id } });
    for (const row of rows) expect(row.codeHash).toMatch(/^v2\./);
    // The forms still take codes of the old shape.
    expect(secondFactorCodeSchema().safeParse(old[1]!.toUpperCase()).success).toBe(true);
    expect(await consumeSecondFactor(user, old[1]!.toUpperCase())).toBe("RECOVERY_CODE");
    expect(await consumeSecondFactor(user, old[1]!)).toBeNull();
    expect((await twoFactorStatus(user.id)).recoveryCodesLeft).toBe(1);
  });

  it("work after AUTH_SECRET is rotated while the old one is in AUTH_SECRET_PREVIOUS, and count as gone without it", async () => {
    process.env.AUTH_SECRET = OLD_SECRET;
    const { user, codes } = await userWithTwoFactor();
    process.env.AUTH_SECRET = testSecret;
    process.env.AUTH_SECRET_PREVIOUS = OLD_SECRET;
    expect((await twoFactorStatus(user.id)).recoveryCodesLeft).toBe(10);
    expect(await consumeSecondFactor(user, codes[0]!)).toBe("RECOVERY_CODE");
    expect((await twoFactorStatus(user.id)).recoveryCodesLeft).toBe(9);
    delete process.env.AUTH_SECRET_PREVIOUS;
    expect((await twoFactorStatus(user.id)).recoveryCodesLeft).toBe(0);
    expect(await consumeSecondFactor(user, codes[1]!)).toBeNull();
  });
});

describe("the portal's second sign-in step", () => {
  it("creates a challenge after the right password, and the session only after the code; the browser becomes a device", async () => {
    const { user, secret } = await userWithTwoFactor();
    const challenge = key("chl_");
    const device = key("dev_");
    await expect(
      verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browser(), "PASSWORD", device, challenge),
    ).rejects.toThrow(OtpRequired);
    expect(await db.device.count({ where: { userId: user.id } })).toBe(0);
    await expect(completeTwoFactorSignIn(key("chl_"), totpCode(secret), browser(), device)).rejects.toThrow(SignInFailed);
    const signedIn = await completeTwoFactorSignIn(challenge, totpCode(secret), browser(), device);
    expect(signedIn.id).toBe(user.id);
    expect(signedIn.deviceId).not.toBeNull();
    const last = await db.loginEvent.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
    expect(last).toMatchObject({ success: true, method: "PASSWORD_TOTP" });
    // The challenge is used up.
    await expect(completeTwoFactorSignIn(challenge, totpCode(secret), browser(), device)).rejects.toThrow(SignInFailed);
  });

  it("takes a recovery code once and records the method", async () => {
    const { user, codes } = await userWithTwoFactor();
    const first = key("chl_");
    await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browser(), "PASSWORD", null, first).catch(() => null);
    await completeTwoFactorSignIn(first, codes[0], browser());
    const second = key("chl_");
    await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browser(), "PASSWORD", null, second).catch(() => null);
    await expect(completeTwoFactorSignIn(second, codes[0], browser())).rejects.toThrow(SignInFailed);
    const methods = (await db.loginEvent.findMany({ where: { userId: user.id, success: true } })).map((event) => event.method);
    expect(methods).toEqual(["RECOVERY_CODE"]);
  });

  it("lets a challenge wait 5 minutes and take 5 codes (moved clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { user, secret } = await userWithTwoFactor();
    const late = key("chl_");
    await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browser(), "PASSWORD", null, late).catch(() => null);
    vi.setSystemTime(Date.now() + CHALLENGE_TTL_MS + 1000);
    await expect(completeTwoFactorSignIn(late, totpCode(secret), browser())).rejects.toThrow(SignInFailed);

    const guessed = key("chl_");
    await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browser(), "PASSWORD", null, guessed).catch(() => null);
    for (let i = 0; i < 5; i++) await expect(completeTwoFactorSignIn(guessed, "000000", browser())).rejects.toThrow(SignInFailed);
    await expect(completeTwoFactorSignIn(guessed, totpCode(secret), browser())).rejects.toThrow(SignInFailed);
  });
});
