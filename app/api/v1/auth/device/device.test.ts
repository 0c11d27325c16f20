import { describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import * as start from "@/app/api/v1/auth/device/route";
import * as poll from "@/app/api/v1/auth/device/token/route";
import * as me from "@/app/api/v1/users/me/route";
import * as tokens from "@/app/api/v1/users/me/tokens/route";
import { reauthWindowMs } from "@/lib/account/reauthentication";
import { sha256 } from "@/lib/auth/secrets";
import { createSession } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { newUserCode, normalizeUserCode, USER_CODE_ALPHABET } from "@/lib/device-sign-in/codes";
import {
  approveDeviceSignIn,
  denyDeviceSignIn,
  describeDeviceSignIn,
  DEVICE_CODE_TTL_SECONDS,
  POLL_INTERVAL_SECONDS,
} from "@/lib/device-sign-in/service";
import type { deviceSignInStartedSchema } from "@/lib/device-sign-in/schemas";
import { AppError, TooManyRequests } from "@/lib/errors";
import { RATE_LIMITS } from "@/lib/rate-limit";
import { actorOf, createUser, TEST_PASSWORD, testMeta } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

let ips = 0;
/** A fresh client address per sign-in, so the per-address budgets of one test never meet another's. */
const freshIp = () => `10.77.${Math.floor(++ips / 250)}.${ips % 250}`;

async function startSignIn(body: Record<string, unknown> = { clientName: "Skyforge Launcher" }, ip = freshIp()) {
  const response = await call(start.POST, "POST", "/api/v1/auth/device", { ip, body });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return response.json as z.infer<typeof deviceSignInStartedSchema>;
}

const pollWith = (deviceCode: string, ip = freshIp()) => call(poll.POST, "POST", "/api/v1/auth/device/token", { ip, body: { deviceCode } });

/** A signed-in portal user: a real session row, so the approval can be checked again when the token is handed out. */
async function signedIn(options: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(options);
  const session = await db.$transaction((tx) => createSession(tx, user, testMeta(), null));
  return { user, session, actor: actorOf(user, null, { sessionId: session.id }) };
}

/** Lets the next poll through the interval without waiting for it. */
const allowNextPoll = (deviceCode: string) =>
  db.deviceAuthorization.updateMany({ where: { deviceCodeHash: hashOf(deviceCode) }, data: { lastPolledAt: null } });

const hashOf = sha256;
const codeOf = (userCode: string) => normalizeUserCode(userCode)!;

describe("starting a device sign-in", () => {
  it("answers the codes, the portal page and the timing, and stores only hashes", async () => {
    const started = await startSignIn({ clientName: "  Skyforge Launcher  ", scopes: ["read", "write"] });
    expect(started.userCode).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{4}-[${USER_CODE_ALPHABET}]{4}$`));
    expect(started.deviceCode).toMatch(/^pmd_[A-Za-z0-9_-]{43}$/);
    expect(started.verificationUri).toMatch(/^https?:\/\/[^/]+\/device$/);
    expect(started.verificationUriComplete).toBe(`${started.verificationUri}?code=${started.userCode}`);
    expect([started.expiresIn, started.interval]).toEqual([DEVICE_CODE_TTL_SECONDS, POLL_INTERVAL_SECONDS]);
    expect(started.expiresIn).toBe(600);
    expect(started.interval).toBe(5);

    const row = await db.deviceAuthorization.findUniqueOrThrow({ where: { deviceCodeHash: hashOf(started.deviceCode) } });
    expect(row).toMatchObject({ clientName: "Skyforge Launcher", scopes: ["read", "write"], status: "PENDING", userId: null });
    expect(row.userCodeHash).toBe(hashOf(codeOf(started.userCode)));
    expect(JSON.stringify(row)).not.toContain(started.deviceCode);
    expect(JSON.stringify(row)).not.toContain(codeOf(started.userCode));
  });

  it("asks for read by default and refuses unknown scopes, fields and unreadable names", async () => {
    const started = await startSignIn();
    expect((await db.deviceAuthorization.findUniqueOrThrow({ where: { deviceCodeHash: hashOf(started.deviceCode) } })).scopes).toEqual([
      "read",
    ]);
    for (const body of [
      { clientName: "x", scopes: ["root"] },
      { clientName: "x", scopes: [] },
      { clientName: "" },
      { clientName: "x".repeat(61) },
      { clientName: "Skyforge\u202Eexe.Launcher" },
      { clientName: "Two\nlines" },
      { clientName: "x", extra: true },
      {},
    ]) {
      const response = await call(start.POST, "POST", "/", { ip: freshIp(), body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json!.code).toBe("validation_failed");
    }
  });

  it("user codes are 8 letters of 20 consonants, typed in any case with or without the dash", () => {
    expect(normalizeUserCode("bcdf-ghjk")).toBe("BCDFGHJK");
    expect(normalizeUserCode(" BCDF GHJK ")).toBe("BCDFGHJK");
    expect(normalizeUserCode("BCDFGHJK")).toBe("BCDFGHJK");
    for (const bad of ["BCDF-GHJ", "BCDF-GHJKL", "BCDF-GHJ0", "ABCD-EFGH", "BCDF_GHJK"]) expect(normalizeUserCode(bad)).toBeNull();
    expect(USER_CODE_ALPHABET).toHaveLength(20);
    expect(USER_CODE_ALPHABET).not.toMatch(/[AEIOUY0-9]/);
    // Every letter drawn about equally often (the bytes that would bias them are drawn again).
    const counts = new Map<string, number>();
    for (let i = 0; i < 2_500; i++) for (const letter of newUserCode()) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    expect([...counts.keys()].sort().join("")).toBe(USER_CODE_ALPHABET);
    for (const count of counts.values()) expect(Math.abs(count - 1_000)).toBeLessThan(150);
  });

  it("is limited per client address (429 with Retry-After)", async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.deviceStartPerIp.limit; i++) await startSignIn(undefined, ip);
    const refused = await call(start.POST, "POST", "/", { ip, body: { clientName: "Skyforge Launcher" } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await startSignIn(undefined, freshIp());
  });
});

describe("polling for the token", () => {
  it("is pending until approved, slows a client that polls too soon, and grows its interval by 5 seconds each time", async () => {
    const started = await startSignIn();
    const first = await pollWith(started.deviceCode);
    expect([first.status, first.json!.code, first.json!.interval]).toEqual([400, "authorization_pending", 5]);
    expect(first.headers.get("content-type")).toContain("application/problem+json");
    const tooSoon = await pollWith(started.deviceCode);
    expect([tooSoon.status, tooSoon.json!.code, tooSoon.json!.interval]).toEqual([400, "slow_down", 10]);
    const again = await pollWith(started.deviceCode);
    expect([again.json!.code, again.json!.interval]).toEqual(["slow_down", 15]);
  });

  it("lets a client that waits its interval poll again (moved clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const started = await startSignIn();
    expect((await pollWith(started.deviceCode)).json!.code).toBe("authorization_pending");
    vi.setSystemTime(Date.now() + 4_000);
    expect((await pollWith(started.deviceCode)).json!.code).toBe("slow_down");
    // Now 10 seconds, counted from the refused poll.
    vi.setSystemTime(Date.now() + 9_000);
    expect((await pollWith(started.deviceCode)).json!.code).toBe("slow_down");
    vi.setSystemTime(Date.now() + 15_000);
    expect((await pollWith(started.deviceCode)).json!.code).toBe("authorization_pending");
  });

  it("hands out the token once after approval; the token works, is listed under the client's name, and a second poll is invalid_grant", async () => {
    const { user, actor } = await signedIn();
    const started = await startSignIn({ clientName: "Skyforge Launcher", scopes: ["read", "write"] });
    const shown = await describeDeviceSignIn(actor, codeOf(started.userCode.toLowerCase()), testMeta());
    expect(shown).toMatchObject({ clientName: "Skyforge Launcher", requested: ["read", "write"], granted: ["read", "write"] });
    expect(shown.userCode).toBe(started.userCode);

    expect(await approveDeviceSignIn(actor, { userCode: codeOf(started.userCode) }, testMeta())).toEqual({
      clientName: "Skyforge Launcher",
      scopes: ["read", "write"],
    });
    const issued = await pollWith(started.deviceCode);
    expect(issued.status, JSON.stringify(issued.json)).toBe(201);
    expect(issued.json).toMatchObject({ name: "Skyforge Launcher (device sign-in)", scopes: ["read", "write"] });
    const { id, token, expiresAt } = issued.json as { id: string; token: string; expiresAt: string };
    expect(token).toMatch(/^pmt_/);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 89 * 86_400_000);

    const account = await call(me.GET, "GET", "/api/v1/users/me", { token });
    expect([account.status, account.json!.id]).toEqual([200, user.id]);
    const listed = await call(tokens.GET, "GET", "/api/v1/users/me/tokens", { token });
    expect(listed.json!.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, name: "Skyforge Launcher (device sign-in)" })]),
    );
    // The token inherits the approving sign-in's time, never its own creation.
    const row = await db.apiToken.findUniqueOrThrow({ where: { id } });
    const session = await db.userSession.findUniqueOrThrow({ where: { id: actor.sessionId! } });
    expect(row.authenticatedAt).toEqual(session.authenticatedAt);
    expect(row.tokenHash).not.toContain(token);

    await allowNextPoll(started.deviceCode);
    const second = await pollWith(started.deviceCode);
    expect([second.status, second.json!.code]).toEqual([400, "invalid_grant"]);
  });

  it("denied: access_denied, at any pace", async () => {
    const { actor } = await signedIn();
    const started = await startSignIn();
    expect(await denyDeviceSignIn(actor, codeOf(started.userCode), testMeta())).toEqual({ clientName: "Skyforge Launcher" });
    for (let i = 0; i < 2; i++) {
      const answer = await pollWith(started.deviceCode);
      expect([answer.status, answer.json!.code]).toEqual([400, "access_denied"]);
    }
    // A decided code can be neither approved nor denied again.
    await expect(approveDeviceSignIn(actor, { userCode: codeOf(started.userCode) }, testMeta())).rejects.toMatchObject({
      code: "invalid_user_code",
    });
  });

  it("expired: expired_token for the client, and the code is refused on the page (moved clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { actor } = await signedIn();
    const approvedLate = await startSignIn();
    const neverApproved = await startSignIn();
    vi.setSystemTime(Date.now() + (DEVICE_CODE_TTL_SECONDS - 5) * 1000);
    await approveDeviceSignIn(actor, { userCode: codeOf(approvedLate.userCode) }, testMeta());
    vi.setSystemTime(Date.now() + 10_000);
    for (const started of [approvedLate, neverApproved]) {
      const answer = await pollWith(started.deviceCode);
      expect([answer.status, answer.json!.code]).toEqual([400, "expired_token"]);
    }
    await expect(describeDeviceSignIn(actor, codeOf(neverApproved.userCode), testMeta())).rejects.toMatchObject({
      status: 400,
      code: "invalid_user_code",
    });
  });

  it("unknown device codes are invalid_grant; a missing one is a validation error", async () => {
    const unknown = await pollWith("pmd_not-a-code-anyone-was-given");
    expect([unknown.status, unknown.json!.code]).toEqual([400, "invalid_grant"]);
    const missing = await call(poll.POST, "POST", "/", { ip: freshIp(), body: {} });
    expect([missing.status, missing.json!.code]).toEqual([400, "validation_failed"]);
  });

  it("two polls at once after approval: exactly one gets a token", async () => {
    const { user, actor } = await signedIn();
    const paced = await startSignIn();
    // Without the pace check (interval 0) the claim alone must decide.
    const unpaced = await startSignIn();
    await db.deviceAuthorization.update({ where: { deviceCodeHash: hashOf(unpaced.deviceCode) }, data: { interval: 0 } });
    for (const started of [paced, unpaced]) {
      await approveDeviceSignIn(actor, { userCode: codeOf(started.userCode) }, testMeta());
      const answers = await Promise.all([pollWith(started.deviceCode), pollWith(started.deviceCode), pollWith(started.deviceCode)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 400, 400]);
      for (const answer of answers.filter((one) => one.status === 400)) expect(["slow_down", "invalid_grant"]).toContain(answer.json!.code);
    }
    expect(await db.apiToken.count({ where: { userId: user.id, name: "Skyforge Launcher (device sign-in)" } })).toBe(2);
  });
});

describe("approving on the /device page", () => {
  it("grants only scopes the approver may hold: admin only for staff", async () => {
    const plain = await signedIn();
    const staff = await signedIn({ roles: ["SUPPORT"] });
    const forPlain = await startSignIn({ clientName: "Admin tool", scopes: ["read", "admin"] });
    const forStaff = await startSignIn({ clientName: "Admin tool", scopes: ["read", "admin"] });
    expect(await describeDeviceSignIn(plain.actor, codeOf(forPlain.userCode), testMeta())).toMatchObject({
      requested: ["read", "admin"],
      granted: ["read"],
    });
    expect((await approveDeviceSignIn(plain.actor, { userCode: codeOf(forPlain.userCode) }, testMeta())).scopes).toEqual(["read"]);
    expect((await approveDeviceSignIn(staff.actor, { userCode: codeOf(forStaff.userCode) }, testMeta())).scopes).toEqual(["read", "admin"]);
    expect((await pollWith(forPlain.deviceCode)).json!.scopes).toEqual(["read"]);
    expect((await pollWith(forStaff.deviceCode)).json!.scopes).toEqual(["read", "admin"]);

    const onlyAdmin = await startSignIn({ clientName: "Admin tool", scopes: ["admin"] });
    await expect(approveDeviceSignIn(plain.actor, { userCode: codeOf(onlyAdmin.userCode) }, testMeta())).rejects.toMatchObject({
      status: 422,
      code: "no_grantable_scope",
    });
    expect((await db.deviceAuthorization.findUniqueOrThrow({ where: { deviceCodeHash: hashOf(onlyAdmin.deviceCode) } })).status).toBe(
      "PENDING",
    );
  });

  it("needs a recent sign-in or the password, like minting a token (moved clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { actor } = await signedIn();
    vi.setSystemTime(Date.now() + reauthWindowMs() + 60_000);
    const started = await startSignIn();
    await expect(approveDeviceSignIn(actor, { userCode: codeOf(started.userCode) }, testMeta())).rejects.toMatchObject({
      status: 401,
      code: "reauthentication_required",
    });
    await expect(
      approveDeviceSignIn(actor, { userCode: codeOf(started.userCode), password: "not the password" }, testMeta()),
    ).rejects.toMatchObject({ status: 400, code: "validation_failed" });
    await approveDeviceSignIn(actor, { userCode: codeOf(started.userCode), password: TEST_PASSWORD }, testMeta());
    expect((await pollWith(started.deviceCode)).status).toBe(201);
  });

  it("is void when the approving session ends before the client polls", async () => {
    const { actor, session } = await signedIn();
    const started = await startSignIn();
    await approveDeviceSignIn(actor, { userCode: codeOf(started.userCode) }, testMeta());
    await db.userSession.update({ where: { id: session.id }, data: { revokedAt: new Date() } });
    const answer = await pollWith(started.deviceCode);
    expect([answer.status, answer.json!.code]).toEqual([400, "access_denied"]);
    await allowNextPoll(started.deviceCode);
    expect((await pollWith(started.deviceCode)).json!.code).toBe("access_denied");
  });

  it("refuses wrong codes with one readable message", async () => {
    const { actor } = await signedIn();
    const error = await describeDeviceSignIn(actor, "BCDFGHJK", testMeta()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, code: "invalid_user_code" });
    expect((error as Error).message).toMatch(/wrong, expired or already used/);
  });

  it("limits code look-ups per user and per address, so codes cannot be guessed", async () => {
    const { actor } = await signedIn();
    const meta = testMeta(freshIp());
    const outcomes: string[] = [];
    for (let i = 0; i <= RATE_LIMITS.deviceCodePerUser.limit; i++) {
      outcomes.push(
        await describeDeviceSignIn(actor, "BCDFGHJK", meta).then(
          () => "found",
          (error: unknown) => (error instanceof TooManyRequests ? "429" : (error as AppError).code),
        ),
      );
    }
    expect(outcomes.slice(0, -1).every((outcome) => outcome === "invalid_user_code")).toBe(true);
    expect(outcomes.at(-1)).toBe("429");
    // Even a right code is refused once the budget is spent: the limit comes before the look-up.
    const started = await startSignIn();
    await expect(approveDeviceSignIn(actor, { userCode: codeOf(started.userCode) }, meta)).rejects.toBeInstanceOf(TooManyRequests);
    await expect(denyDeviceSignIn(actor, codeOf(started.userCode), meta)).rejects.toBeInstanceOf(TooManyRequests);

    // Per address: many accounts from one address share its budget.
    const ip = freshIp();
    let refused = 0;
    for (let i = 0; i <= RATE_LIMITS.deviceCodePerIp.limit; i++) {
      const other = await signedIn();
      await describeDeviceSignIn(other.actor, "BCDFGHJK", testMeta(ip)).catch((error: unknown) => {
        if (error instanceof TooManyRequests) refused++;
      });
    }
    expect(refused).toBe(1);
  });

  it("audits approval, denial and the token handed out (not the anonymous start)", async () => {
    const { user, actor } = await signedIn();
    const approved = await startSignIn({ clientName: "Audit Launcher", scopes: ["read", "write"] });
    const denied = await startSignIn({ clientName: "Audit Launcher" });
    const approveMeta = testMeta();
    await approveDeviceSignIn(actor, { userCode: codeOf(approved.userCode) }, approveMeta);
    await denyDeviceSignIn(actor, codeOf(denied.userCode), testMeta());
    const issued = await pollWith(approved.deviceCode);
    const rows = await db.deviceAuthorization.findMany({
      where: { deviceCodeHash: { in: [hashOf(approved.deviceCode), hashOf(denied.deviceCode)] } },
    });
    const approvedRow = rows.find((row) => row.deviceCodeHash === hashOf(approved.deviceCode))!;
    const deniedRow = rows.find((row) => row.deviceCodeHash === hashOf(denied.deviceCode))!;
    const entries = await db.auditEntry.findMany({
      where: { OR: [{ targetId: { in: [approvedRow.id, deniedRow.id] } }, { targetId: String(issued.json!.id) }] },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual(
      expect.arrayContaining([
        ["device.approve", user.id],
        ["device.deny", user.id],
        ["token.create", user.id],
        ["device.token_issue", user.id],
      ]),
    );
    const approval = entries.find((entry) => entry.action === "device.approve")!;
    expect(approval).toMatchObject({
      actorVia: "SESSION",
      ip: approveMeta.ip,
      requestId: approveMeta.requestId,
      changes: { clientName: { before: null, after: "Audit Launcher" }, scopes: { before: ["read", "write"], after: ["read", "write"] } },
    });
    expect(await db.auditEntry.count({ where: { requestId: issued.headers.get("x-request-id") } })).toBe(2);
    expect(JSON.stringify(entries)).not.toContain(approved.deviceCode);
  });
});
