import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { db } from "../db/client";
import { TooManyRequests } from "../errors";
import { createUser, TEST_PASSWORD, testMeta, unique } from "../testing/factories";
import { lockMinutes, type OnNewDevice, QUIET_PERIOD_MS, SignInFailed, verifyCredentials } from "./sign-in";

const newDeviceKey = () => `dev_${randomBytes(32).toString("base64url")}`;
const browserMeta = () => ({ ...testMeta(), userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" });
/** A source without a device cookie (another browser, a script, a token client). */
const signInAsStranger = (login: string, password: string) => verifyCredentials({ login, password }, testMeta(), "PASSWORD");

describe("verifying credentials", () => {
  it("signs in with e-mail or username, any case, and records the attempt", async () => {
    const user = await createUser();
    await expect(
      verifyCredentials({ login: user.email.toUpperCase(), password: TEST_PASSWORD }, testMeta(), "PASSWORD"),
    ).resolves.toMatchObject({ id: user.id });
    await expect(verifyCredentials({ login: user.username, password: TEST_PASSWORD }, testMeta(), "TOKEN")).resolves.toMatchObject({
      id: user.id,
    });
    const events = await db.loginEvent.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((event) => [event.success, event.method])).toEqual([
      [true, "PASSWORD"],
      [true, "TOKEN"],
    ]);
  });

  it.each(["unknown", "wrong", "suspended"] as const)("fails the same way for a %s account", async (kind) => {
    const user = await createUser({ suspended: kind === "suspended" });
    const login = kind === "unknown" ? unique() : user.username;
    const password = kind === "wrong" ? "not the password" : TEST_PASSWORD;
    const error = await verifyCredentials({ login, password }, testMeta(), "PASSWORD").catch((caught) => caught);
    expect(error).toBeInstanceOf(SignInFailed);
    expect(error.message).toBe("The e-mail, username or password is wrong.");
    const event = await db.loginEvent.findFirstOrThrow({ where: { login: login.toLowerCase() }, orderBy: { createdAt: "desc" } });
    expect(event).toMatchObject({
      success: false,
      reason: { unknown: "unknown_login", wrong: "wrong_password", suspended: "suspended" }[kind],
    });
  });

  it("sets no device at a failed sign-in; a successful one remembers the browser as a device named from its user agent", async () => {
    const user = await createUser();
    const key = newDeviceKey();
    await expect(verifyCredentials({ login: user.username, password: "wrong password!" }, browserMeta(), "PASSWORD", key)).rejects.toThrow(
      SignInFailed,
    );
    expect(await db.device.count({ where: { userId: user.id } })).toBe(0);
    const signedIn = await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", key);
    const device = await db.device.findUniqueOrThrow({ where: { id: signedIn.deviceId! } });
    expect(device).toMatchObject({ userId: user.id, name: "Firefox on Linux", removedAt: null });
    expect(device.keyHash).not.toContain(key);
  });

  it("hands a newly remembered device to the caller's onNewDevice in the transaction of its row", async () => {
    const user = await createUser();
    const heard: { name: string; first: boolean }[] = [];
    const listen: OnNewDevice = async (tx, { device, first }) => {
      expect(await tx.device.count({ where: { id: device.id } })).toBe(1);
      heard.push({ name: device.name, first });
    };
    const key = newDeviceKey();
    await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", key, null, listen);
    await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", key, null, listen);
    await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", newDeviceKey(), null, listen);
    await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "TOKEN", newDeviceKey(), null, listen);
    expect(heard).toEqual([
      { name: "Firefox on Linux", first: true },
      { name: "Firefox on Linux", first: false },
    ]);

    const refusing: OnNewDevice = async () => {
      throw new Error("the mail could not be queued");
    };
    const other = await createUser();
    await expect(
      verifyCredentials({ login: other.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", newDeviceKey(), null, refusing),
    ).rejects.toThrow("the mail could not be queued");
    expect(await db.device.count({ where: { userId: other.id } })).toBe(0);
  });

  describe("failures are counted per account and source (OWASP device cookies)", () => {
    it("locks strangers out after five failures, with a security warning and audit entry, until the lock ends", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const user = await createUser();
      for (let attempt = 0; attempt < 5; attempt++)
        await expect(signInAsStranger(user.username, "wrong password!")).rejects.toThrow(SignInFailed);
      await expect(signInAsStranger(user.username, TEST_PASSWORD)).rejects.toThrow(SignInFailed);
      const warnings = await db.warning.findMany({ where: { userId: user.id } });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ kind: "SECURITY_EVENT", authorId: null });
      expect(await db.auditEntry.count({ where: { targetId: warnings[0].id, action: "warning.create" } })).toBe(1);
      const reasons = (await db.loginEvent.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } })).map(
        (event) => event.reason,
      );
      expect(reasons).toEqual(["wrong_password", "wrong_password", "wrong_password", "wrong_password", "wrong_password_locked", "locked"]);
      vi.setSystemTime(Date.now() + 61_000);
      await expect(signInAsStranger(user.username, TEST_PASSWORD)).resolves.toMatchObject({ id: user.id });
    });

    it("forgets the strangers' failures after a quiet period", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const user = await createUser();
      for (let attempt = 0; attempt < 4; attempt++)
        await expect(signInAsStranger(user.username, "wrong password!")).rejects.toThrow(SignInFailed);
      vi.setSystemTime(Date.now() + QUIET_PERIOD_MS + 1000);
      for (let attempt = 0; attempt < 4; attempt++)
        await expect(signInAsStranger(user.username, "wrong password!")).rejects.toThrow(SignInFailed);
      await expect(signInAsStranger(user.username, TEST_PASSWORD)).resolves.toMatchObject({ id: user.id });
    });

    it("lets a trusted device sign in while strangers are locked out", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const user = await createUser();
      const key = newDeviceKey();
      await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", key);
      for (let attempt = 0; attempt < 5; attempt++)
        await expect(signInAsStranger(user.email, "wrong password!")).rejects.toThrow(SignInFailed);
      await expect(signInAsStranger(user.email, TEST_PASSWORD)).rejects.toThrow(SignInFailed);
      await expect(
        verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", key),
      ).resolves.toMatchObject({ id: user.id });
      // Another account's device cookie, or a made-up one, is a stranger's.
      const other = await createUser();
      const otherKey = newDeviceKey();
      await verifyCredentials({ login: other.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", otherKey);
      await expect(
        verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", otherKey),
      ).rejects.toThrow(SignInFailed);
      await expect(
        verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", newDeviceKey()),
      ).rejects.toThrow(SignInFailed);
    });

    it("locks a trusted device on its own: strangers and other devices still sign in", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const user = await createUser();
      const [key, otherKey] = [newDeviceKey(), newDeviceKey()];
      await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", key);
      await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", otherKey);
      for (let attempt = 0; attempt < 5; attempt++) {
        await expect(
          verifyCredentials({ login: user.username, password: "wrong password!" }, browserMeta(), "PASSWORD", key),
        ).rejects.toThrow(SignInFailed);
      }
      await expect(verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", key)).rejects.toThrow(
        SignInFailed,
      );
      await expect(
        verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", otherKey),
      ).resolves.toMatchObject({ id: user.id });
      await expect(signInAsStranger(user.username, TEST_PASSWORD)).resolves.toMatchObject({ id: user.id });
      vi.setSystemTime(Date.now() + 61_000);
      await expect(
        verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", key),
      ).resolves.toMatchObject({ id: user.id });
    });

    it("no longer trusts a removed device", async () => {
      const user = await createUser();
      const key = newDeviceKey();
      const first = await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", key);
      await db.device.update({ where: { id: first.deviceId! }, data: { removedAt: new Date() } });
      for (let attempt = 0; attempt < 5; attempt++)
        await expect(signInAsStranger(user.username, "wrong password!")).rejects.toThrow(SignInFailed);
      await expect(verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", key)).rejects.toThrow(
        SignInFailed,
      );
    });

    it("keeps the per-account rate limit from blocking a trusted device", async () => {
      const user = await createUser();
      const key = newDeviceKey();
      await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", key);
      const errors: string[] = [];
      for (let attempt = 0; attempt < 12; attempt++)
        await signInAsStranger(user.username, "wrong password!").catch((error) => errors.push(error.constructor.name));
      expect(errors).toContain("TooManyRequests");
      await expect(
        verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browserMeta(), "PASSWORD", key),
      ).resolves.toMatchObject({ id: user.id });
    });
  });

  it("grows the lock with every further failure, up to an hour", () => {
    expect([4, 5, 6, 7, 12, 30].map(lockMinutes)).toEqual([0, 1, 2, 4, 60, 60]);
  });

  it("counts username and e-mail as one account for the per-account limit", async () => {
    const user = await createUser();
    const errors: string[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      await signInAsStranger(attempt % 2 ? user.email : user.username, "wrong password!").catch((error) =>
        errors.push(error.constructor.name),
      );
    }
    expect(errors.at(-1)).toBe("TooManyRequests");
  });

  it("keeps no shared per-address bucket for attempts without an address", async () => {
    const statuses: string[] = [];
    for (let attempt = 0; attempt < 32; attempt++) {
      await verifyCredentials({ login: unique(), password: "whatever it is" }, { ...testMeta(), ip: null }, "PASSWORD").catch((error) =>
        statuses.push(error.constructor.name),
      );
    }
    expect(statuses.every((name) => name === "SignInFailed")).toBe(true);
  });

  it("limits attempts per account with 429 and Retry-After", async () => {
    const login = unique();
    let limited: TooManyRequests | undefined;
    for (let attempt = 0; attempt < 12 && !limited; attempt++) {
      await verifyCredentials({ login, password: "whatever it is" }, testMeta(), "PASSWORD").catch((error) => {
        if (error instanceof TooManyRequests) limited = error;
      });
    }
    expect(limited).toBeDefined();
    expect(Number(limited!.headers["Retry-After"])).toBeGreaterThan(0);
  });

  it("limits attempts per IP across accounts", async () => {
    const meta = testMeta(`10.77.${Math.floor(Math.random() * 250)}.1`);
    const statuses: string[] = [];
    for (let attempt = 0; attempt < 32; attempt++) {
      await verifyCredentials({ login: unique(), password: "whatever it is" }, meta, "PASSWORD").catch((error) =>
        statuses.push(error.constructor.name),
      );
    }
    expect(statuses.slice(0, 30).every((name) => name === "SignInFailed")).toBe(true);
    expect(statuses.slice(30)).toEqual(["TooManyRequests", "TooManyRequests"]);
  });
});
