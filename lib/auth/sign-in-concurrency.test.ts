import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { createUser, TEST_PASSWORD, testMeta } from "../testing/factories";
import { completeTwoFactorSignIn, OtpRequired, SignInFailed, verifyCredentials } from "./sign-in";
import { newTotpSecret, sealTotpSecret } from "./two-factor";

// Failures sent at once must count one by one: the counters are incremented in the database,
// never read, added to and written back. Both tests failed on PGlite too before the fix (the
// requests all read the count while their passwords were being verified); CI runs them on PostgreSQL.
const AT_ONCE = 8;
const key = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;

describe("sign-in failures sent at once", () => {
  it(`lock the account after ${AT_ONCE} wrong passwords in parallel, with exactly one security warning`, async () => {
    const user = await createUser();
    const attempts = Array.from({ length: AT_ONCE }, () =>
      verifyCredentials({ login: user.username, password: "wrong password!" }, testMeta(), "PASSWORD"),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.every((result) => result.status === "rejected" && result.reason instanceof SignInFailed)).toBe(true);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.failedLoginCount).toBe(AT_ONCE);
    expect(stored.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    expect(await db.warning.count({ where: { userId: user.id, kind: "SECURITY_EVENT" } })).toBe(1);
    await expect(verifyCredentials({ login: user.username, password: TEST_PASSWORD }, testMeta(), "PASSWORD")).rejects.toThrow(
      SignInFailed,
    );
  });

  it(`never try more than the challenge's 5 codes when ${AT_ONCE} wrong codes arrive at once`, async () => {
    const user = await createUser();
    await db.user.update({
      where: { id: user.id },
      data: { totpSecret: sealTotpSecret(newTotpSecret(), user.id), totpEnabledAt: new Date() },
    });
    const challenge = key("chl_");
    await expect(
      verifyCredentials({ login: user.username, password: TEST_PASSWORD }, testMeta(), "PASSWORD", null, challenge),
    ).rejects.toThrow(OtpRequired);
    const results = await Promise.allSettled(
      Array.from({ length: AT_ONCE }, () => completeTwoFactorSignIn(challenge, "000000", testMeta())),
    );
    expect(results.every((result) => result.status === "rejected" && result.reason instanceof SignInFailed)).toBe(true);
    const stored = await db.signInChallenge.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.attempts).toBeLessThanOrEqual(5);
    const checked = await db.loginEvent.count({ where: { userId: user.id, reason: { startsWith: "wrong_otp" } } });
    expect(checked).toBeLessThanOrEqual(5);
  });
});
