import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { TooManyRequests } from "../errors";
import { createUser, TEST_PASSWORD, testMeta, unique } from "../testing/factories";
import { lockMinutes, SignInFailed, verifyCredentials } from "./sign-in";

describe("verifying credentials", () => {
  it("signs in with e-mail or username, any case, and records the attempt", async () => {
    const user = await createUser();
    await expect(verifyCredentials({ login: user.email.toUpperCase(), password: TEST_PASSWORD }, testMeta(), "PASSWORD")).resolves.toMatchObject({ id: user.id });
    await expect(verifyCredentials({ login: user.username, password: TEST_PASSWORD }, testMeta(), "TOKEN")).resolves.toMatchObject({ id: user.id });
    const events = await db.loginEvent.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((event) => [event.success, event.method])).toEqual([[true, "PASSWORD"], [true, "TOKEN"]]);
  });

  it.each(["unknown", "wrong", "suspended"] as const)("fails the same way for a %s account", async (kind) => {
    const user = await createUser({ suspended: kind === "suspended" });
    const login = kind === "unknown" ? unique() : user.username;
    const password = kind === "wrong" ? "not the password" : TEST_PASSWORD;
    const error = await verifyCredentials({ login, password }, testMeta(), "PASSWORD").catch((caught) => caught);
    expect(error).toBeInstanceOf(SignInFailed);
    expect(error.message).toBe("The e-mail, username or password is wrong.");
    const event = await db.loginEvent.findFirstOrThrow({ where: { login: login.toLowerCase() }, orderBy: { createdAt: "desc" } });
    expect(event).toMatchObject({ success: false, reason: { unknown: "unknown_login", wrong: "wrong_password", suspended: "suspended" }[kind] });
  });

  it("locks an account after five failures, even for the right password, and writes a security warning", async () => {
    const user = await createUser();
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(verifyCredentials({ login: user.username, password: "wrong password!" }, testMeta(), "PASSWORD")).rejects.toThrow(SignInFailed);
    }
    await expect(verifyCredentials({ login: user.username, password: TEST_PASSWORD }, testMeta(), "PASSWORD")).rejects.toThrow(SignInFailed);
    const locked = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(locked.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    const warnings = await db.warning.findMany({ where: { userId: user.id } });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ kind: "SECURITY_EVENT", authorId: null });
    expect(await db.auditEntry.count({ where: { targetId: warnings[0].id, action: "warning.create" } })).toBe(1);
  });

  it("grows the lock with every further failure, up to an hour", () => {
    expect([4, 5, 6, 7, 12, 30].map(lockMinutes)).toEqual([0, 1, 2, 4, 60, 60]);
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
      await verifyCredentials({ login: unique(), password: "whatever it is" }, meta, "PASSWORD").catch((error) => statuses.push(error.constructor.name));
    }
    expect(statuses.slice(0, 30).every((name) => name === "SignInFailed")).toBe(true);
    expect(statuses.slice(30)).toEqual(["TooManyRequests", "TooManyRequests"]);
  });
});
