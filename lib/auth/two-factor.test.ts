import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../db/client";
import { createUser, TEST_PASSWORD, testMeta } from "../testing/factories";
import { CHALLENGE_TTL_MS, completeTwoFactorSignIn, OtpRequired, SignInFailed, verifyCredentials } from "./sign-in";
import { matchTotpStep, newTotpSecret, openTotpSecret, replaceRecoveryCodes, sealTotpSecret, totpCode, TOTP_PERIOD_SECONDS } from "./two-factor";

const key = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;
/** A TOTP secret sealed as before issue 23: AES-256-GCM with SHA-256("totp-secret:" + AUTH_SECRET), no user bound. */
function legacySeal(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", createHash("sha256").update(`totp-secret:${process.env.AUTH_SECRET}`).digest(), iv);
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

afterEach(() => {
  vi.useRealTimers();
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
      expect(openTotpSecret(parts.map((value, index) => (index === part ? bytes.toString("base64url") : value)).join("."), "user-a")).toBeNull();
    }
    const tag = parts.length - 2;
    const shortened = parts.map((value, index) => (index === tag ? Buffer.from(value, "base64url").subarray(0, 12).toString("base64url") : value)).join(".");
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

describe("the portal's second sign-in step", () => {
  it("creates a challenge after the right password, and the session only after the code; the browser becomes a device", async () => {
    const { user, secret } = await userWithTwoFactor();
    const challenge = key("chl_");
    const device = key("dev_");
    await expect(verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browser(), "PASSWORD", device, challenge)).rejects.toThrow(OtpRequired);
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

describe("new devices", () => {
  it("mails the user about a sign-in from a new browser, not about the first one", async () => {
    const user = await createUser();
    await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browser(), "PASSWORD", key("dev_"));
    expect(await db.outboxMail.count({ where: { to: user.email } })).toBe(0);
    await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, { ...testMeta("10.4.4.4"), userAgent: "Mozilla/5.0 (Windows NT 10.0) Chrome/120.0" }, "PASSWORD", key("dev_"));
    const mail = await db.outboxMail.findFirstOrThrow({ where: { to: user.email } });
    expect(mail.subject).toBe("New sign-in from Chrome on Windows");
    expect(mail.body).toContain("10.4.4.4");
    expect(mail.body).toMatch(/\/account\/security/);
  });
});
