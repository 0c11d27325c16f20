import { describe, expect, it } from "vitest";
import * as register from "@/app/api/v1/auth/register/route";
import * as tokenSignIn from "@/app/api/v1/auth/token/route";
import * as verify from "@/app/api/v1/auth/verify-email/route";
import * as tokenById from "@/app/api/v1/users/me/tokens/[tokenId]/route";
import * as tokens from "@/app/api/v1/users/me/tokens/route";
import * as me from "@/app/api/v1/users/me/route";
import * as notifications from "@/app/api/v1/users/me/notifications/route";
import * as userById from "@/app/api/v1/users/[id]/route";
import * as users from "@/app/api/v1/users/route";
import { db } from "@/lib/db/client";
import { createUser, TEST_PASSWORD, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { mailedToken } from "@/lib/testing/mail";

/** PUT /users/me, the account at `version` (If-Match). */
const updateMe = (token: string, version: number, body: Record<string, unknown>) =>
  call(me.PUT, "PUT", "/api/v1/users/me", { token, headers: { "if-match": `"v${version}"` }, body });

const PRIVATE_FIELDS = ["email", "dateOfBirth", "settings", "platformRoles", "partnerStatus"];

describe("registration", () => {
  it("creates an account, answers 201 with it, and queues a verification mail", async () => {
    const username = unique("Reg");
    const response = await call(register.POST, "POST", "/api/v1/auth/register", {
      body: { username, email: `${username}@Example.test`, password: "a fine passphrase", displayName: "Reg" },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      username,
      email: `${username.toLowerCase()}@example.test`,
      platformRoles: ["USER"],
      emailVerified: false,
    });
    const token = await mailedToken(`${username.toLowerCase()}@example.test`);
    expect((await call(verify.POST, "POST", "/api/v1/auth/verify-email", { body: { token } })).status).toBe(204);
    const user = await db.user.findFirstOrThrow({ where: { usernameKey: username.toLowerCase() } });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect((await call(verify.POST, "POST", "/api/v1/auth/verify-email", { body: { token } })).status).toBe(422);
  });

  it("gives the account the language the client names (null: follow the browser), else the one its Accept-Language prefers, else null", async () => {
    const languageOf = async (options: { language?: string | null; acceptLanguage?: string }) => {
      const username = unique("Lang");
      const response = await call(register.POST, "POST", "/api/v1/auth/register", {
        headers: options.acceptLanguage ? { "accept-language": options.acceptLanguage } : {},
        body: {
          username,
          email: `${username}@example.test`,
          password: "a fine passphrase",
          displayName: "Lang",
          ...(options.language !== undefined ? { language: options.language } : {}),
        },
      });
      expect(response.status).toBe(201);
      const { language } = response.json as { id: string; language: string | null };
      expect((await db.user.findUniqueOrThrow({ where: { id: (response.json as { id: string }).id } })).language).toBe(language);
      return language;
    };
    expect(await languageOf({ acceptLanguage: "de-DE,de;q=0.9,en;q=0.8" })).toBe("de");
    expect(await languageOf({ language: "en", acceptLanguage: "de-DE" })).toBe("en");
    expect(await languageOf({ language: "de" })).toBe("de");
    expect(await languageOf({ language: null, acceptLanguage: "de-DE" })).toBeNull();
    expect(await languageOf({ acceptLanguage: "ja-JP" })).toBeNull();
    expect(await languageOf({})).toBeNull();
  });

  it("treats usernames case-insensitively and answers 409 at the taken field", async () => {
    const existing = await createUser();
    const response = await call(register.POST, "POST", "/api/v1/auth/register", {
      body: {
        username: existing.username.toUpperCase(),
        email: `${unique()}@example.test`,
        password: "a fine passphrase",
        displayName: "X",
      },
    });
    expect(response.status).toBe(409);
    expect(response.json!.errors).toEqual([{ path: "username", message: "This username is taken." }]);
  });

  it.each([
    ["a short password", { password: "short" }, "password"],
    ["a common password", { password: "password123" }, "password"],
    ["a bad e-mail", { email: "not-an-address" }, "email"],
    ["a bad username", { username: "a b" }, "username"],
    ["a platform role (mass assignment)", { platformRoles: ["PROJECT_LEAD"] }, "platformRoles"],
  ])("refuses %s with 400 and stores nothing", async (_label, override, path) => {
    const username = unique();
    const before = await db.user.count();
    const response = await call(register.POST, "POST", "/api/v1/auth/register", {
      body: { username, email: `${username}@example.test`, password: "a fine passphrase", displayName: "X", ...override },
    });
    expect(response.status).toBe(400);
    expect((response.json!.errors as { path: string }[]).map((error) => error.path)).toContain(path);
    expect(await db.user.count({ where: { usernameKey: username } })).toBe(0);
    expect(await db.user.count()).toBeGreaterThanOrEqual(before);
  });
});

describe("tokens for external clients", () => {
  it("issues a token for login + password and the token reads /users/me", async () => {
    const user = await createUser();
    const issued = await call(tokenSignIn.POST, "POST", "/api/v1/auth/token", {
      body: { login: user.email, password: TEST_PASSWORD, name: "cli" },
    });
    expect(issued.status).toBe(201);
    expect(issued.json!.token).toMatch(/^pmt_/);
    const read = await call(me.GET, "GET", "/api/v1/users/me", { token: issued.json!.token as string });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: user.id, email: user.email });
    expect(read.headers.get("etag")).toBe('"v1"');
    const stored = await db.apiToken.findUniqueOrThrow({ where: { id: issued.json!.id as string } });
    expect(stored.tokenHash).not.toContain(issued.json!.token);
    expect(stored.lastUsedAt).not.toBeNull();
  });

  it("gives the same answer for an unknown login and a wrong password", async () => {
    const user = await createUser();
    const unknown = await call(tokenSignIn.POST, "POST", "/api/v1/auth/token", { body: { login: unique(), password: "whatever it is" } });
    const wrong = await call(tokenSignIn.POST, "POST", "/api/v1/auth/token", {
      body: { login: user.username, password: "whatever it is" },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const { requestId: _a, ...unknownBody } = unknown.json!;
    const { requestId: _b, ...wrongBody } = wrong.json!;
    expect(unknownBody).toEqual(wrongBody);
  });

  it("refuses a revoked token on its next request", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    const listed = await call(tokens.GET, "GET", "/api/v1/users/me/tokens", { token });
    const id = (listed.json!.data as { id: string }[])[0].id;
    expect((await call(tokenById.DELETE, "DELETE", `/api/v1/users/me/tokens/${id}`, { token, params: { tokenId: id } })).status).toBe(204);
    expect((await call(me.GET, "GET", "/api/v1/users/me", { token })).status).toBe(401);
  });

  it("does not let a token act beyond its scopes or mint a wider token", async () => {
    const user = await createUser();
    const readOnly = await tokenFor(user.id, ["read"]);
    expect((await call(me.GET, "GET", "/api/v1/users/me", { token: readOnly })).status).toBe(200);
    const write = await updateMe(readOnly, 1, { displayName: "x" });
    expect(write.status).toBe(403);
    expect(write.json).toMatchObject({ code: "insufficient_scope" });
    const writer = await tokenFor(user.id, ["read", "write"]);
    const wider = await call(tokens.POST, "POST", "/api/v1/users/me/tokens", { token: writer, body: { scopes: ["admin"] } });
    expect(wider.status).toBe(403);
  });

  it("cannot revoke another user's token (404)", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    await tokenFor(owner.id);
    const ownerToken = await db.apiToken.findFirstOrThrow({ where: { userId: owner.id } });
    const response = await call(tokenById.DELETE, "DELETE", "/", { token: await tokenFor(other.id), params: { tokenId: ownerToken.id } });
    expect(response.status).toBe(404);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: ownerToken.id } })).revokedAt).toBeNull();
  });
});

describe("the own account", () => {
  it("updates with If-Match, refuses a stale version and keeps the data", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    const updated = await updateMe(token, 1, {
      displayName: "New Name",
      language: "de",
      dateOfBirth: "1999-12-31",
      settings: { theme: "dark" },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      displayName: "New Name",
      language: "de",
      dateOfBirth: "1999-12-31",
      settings: { theme: "dark", emailNotifications: true },
    });
    expect(updated.headers.get("etag")).toBe('"v2"');
    const stale = await updateMe(token, 1, { displayName: "Lost update" });
    expect(stale.status).toBe(412);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).displayName).toBe("New Name");
    const audit = await db.auditEntry.findFirstOrThrow({ where: { targetId: user.id, action: "user.update_own" } });
    expect(audit.changes).toMatchObject({ displayName: { before: user.displayName, after: "New Name" } });
  });

  it.each([
    ["a future date of birth", { dateOfBirth: "2999-01-01" }, "dateOfBirth"],
    ["an http avatar", { avatarUrl: "http://example.test/a.png" }, "avatarUrl"],
    ["an unknown language", { language: "xx" }, "language"],
    ["an unknown setting", { settings: { admin: true } }, "settings.admin"],
    ["platform roles", { platformRoles: ["PROJECT_LEAD"] }, "platformRoles"],
    ["an e-mail change without the password", { email: "new@example.test" }, "currentPassword"],
  ])("refuses %s (400) without changing anything", async (_label, body, path) => {
    const user = await createUser();
    const response = await updateMe(await tokenFor(user.id), 1, body);
    expect(response.status).toBe(400);
    expect((response.json!.errors as { path: string }[]).map((error) => error.path)).toContain(path);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).version).toBe(1);
  });

  it("takes null for the language (follow the browser) and a language again to pin it, in the audit log both times", async () => {
    const user = await createUser();
    await db.user.update({ where: { id: user.id }, data: { language: "de" } });
    const token = await tokenFor(user.id);
    const follow = await updateMe(token, 1, { language: null });
    expect(follow.status).toBe(200);
    expect(follow.json).toMatchObject({ language: null });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).language).toBeNull();
    expect((await call(me.GET, "GET", "/api/v1/users/me", { token })).json).toMatchObject({ language: null });
    // Other fields leave the setting alone.
    const renamed = await updateMe(token, 2, { displayName: "Still following" });
    expect(renamed.json).toMatchObject({ language: null });
    const pinned = await updateMe(token, 3, { language: "en" });
    expect(pinned.json).toMatchObject({ language: "en" });
    const changes = (
      await db.auditEntry.findMany({ where: { targetId: user.id, action: "user.update_own" }, orderBy: { createdAt: "asc" } })
    )
      .map((entry) => (entry.changes as Record<string, unknown>).language)
      .filter(Boolean);
    expect(changes).toEqual([
      { before: "de", after: null },
      { before: null, after: "en" },
    ]);
  });

  it("answers the notifications of an account that follows the browser in the request's Accept-Language", async () => {
    const user = await createUser();
    await db.notification.create({
      data: { userId: user.id, kind: "review.rejected", params: { project: "Lang Test", reason: "x" }, title: "t", body: "b" },
    });
    const token = await tokenFor(user.id);
    const titleIn = async (acceptLanguage: string) =>
      (
        (await call(notifications.GET, "GET", "/api/v1/users/me/notifications", { token, headers: { "accept-language": acceptLanguage } }))
          .json!.data as { title: string }[]
      )[0].title;
    expect(await titleIn("de-DE,de;q=0.9,en;q=0.8")).toBe("Lang Test wurde nicht freigegeben");
    expect(await titleIn("en-US")).toBe("Lang Test was not approved");
    // A setting wins over the header.
    expect((await updateMe(token, 1, { language: "en" })).status).toBe(200);
    expect(await titleIn("de-DE")).toBe("Lang Test was not approved");
  });

  it("changes the e-mail address only after the new one is confirmed", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    const wrong = await updateMe(token, 1, { email: "moved@example.test", currentPassword: "wrong one!" });
    expect(wrong.status).toBe(400);
    const newAddress = `${unique()}@example.test`;
    const pending = await updateMe(token, 1, { email: newAddress, currentPassword: TEST_PASSWORD });
    expect(pending.json).toMatchObject({ email: user.email, pendingEmail: newAddress });
    await call(verify.POST, "POST", "/api/v1/auth/verify-email", { body: { token: await mailedToken(newAddress) } });
    expect((await call(me.GET, "GET", "/api/v1/users/me", { token })).json).toMatchObject({
      email: newAddress,
      emailVerified: true,
      pendingEmail: null,
    });
  });
});

describe("reading users", () => {
  it.each([
    ["anonymous", null, false],
    ["a user", ["USER"], false],
    ["a partner", ["PARTNER"], false],
    ["a developer", ["DEVELOPER"], false],
    ["support", ["SUPPORT"], true],
    ["a team lead", ["TEAM_LEAD"], true],
    ["a project lead", ["PROJECT_LEAD"], true],
  ] as const)("%s sees the full record: %s", async (_label, roles, full) => {
    const target = await createUser();
    await db.user.update({ where: { id: target.id }, data: { dateOfBirth: new Date("2000-01-01") } });
    const token = roles ? await tokenFor((await createUser({ roles: [...roles] })).id) : undefined;
    const response = await call(userById.GET, "GET", `/api/v1/users/${target.id}`, { token, params: { id: target.id } });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: target.id, username: target.username, displayName: target.displayName });
    for (const field of PRIVATE_FIELDS) expect(field in response.json!).toBe(full);
    expect(response.text.includes(target.email)).toBe(full);
  });

  it("shows everyone the birth date only where its owner chose to (settings.showDateOfBirth)", async () => {
    const target = await createUser();
    await db.user.update({ where: { id: target.id }, data: { dateOfBirth: new Date("2001-02-03") } });
    const read = async () => (await call(userById.GET, "GET", "/", { params: { id: target.id } })).json!;
    expect("dateOfBirth" in (await read())).toBe(false);
    await db.user.update({ where: { id: target.id }, data: { settings: { showDateOfBirth: true } } });
    expect(await read()).toMatchObject({ dateOfBirth: "2001-02-03" });
    expect("email" in (await read())).toBe(false);
  });

  it("needs the admin scope for the full record through a token", async () => {
    const staff = await createUser({ roles: ["SUPPORT"] });
    const target = await createUser();
    const response = await call(userById.GET, "GET", "/", { token: await tokenFor(staff.id, ["read"]), params: { id: target.id } });
    expect("email" in response.json!).toBe(false);
  });

  it("answers 404 for an unknown user", async () => {
    expect((await call(userById.GET, "GET", "/", { params: { id: "nobody" } })).status).toBe(404);
  });

  it("lets only users.readAny search, with filters and cursor pagination", async () => {
    const marker = unique("find");
    for (let index = 0; index < 3; index++) {
      const user = await createUser({ roles: ["PARTNER"] });
      await db.user.update({ where: { id: user.id }, data: { displayName: `${marker} ${index}` } });
    }
    const plain = await call(users.GET, "GET", `/api/v1/users?q=${marker}`, { token: await tokenFor((await createUser()).id) });
    expect(plain.status).toBe(403);
    const staffToken = await tokenFor((await createUser({ roles: ["SUPPORT"] })).id);
    const first = await call(users.GET, "GET", `/api/v1/users?q=${marker}&role=PARTNER&limit=2`, { token: staffToken });
    expect(first.status).toBe(200);
    expect((first.json!.data as unknown[]).length).toBe(2);
    const second = await call(users.GET, "GET", `/api/v1/users?q=${marker}&role=PARTNER&limit=2&cursor=${first.json!.nextCursor}`, {
      token: staffToken,
    });
    expect((second.json!.data as unknown[]).length).toBe(1);
    expect(second.json!.nextCursor).toBeNull();
    expect((await call(users.GET, "GET", "/api/v1/users?cursor=garbage", { token: staffToken })).status).toBe(400);
  });
});

describe("staff changes to users", () => {
  async function put(actorRoles: Parameters<typeof createUser>[0], target: { id: string; version: number }, body: unknown) {
    const actor = await createUser(actorRoles);
    return call(userById.PUT, "PUT", "/", {
      token: await tokenFor(actor.id),
      params: { id: target.id },
      headers: { "if-match": `"v${target.version}"` },
      body,
    });
  }

  it.each([
    ["Support edits a profile", ["SUPPORT"], { displayName: "Moderated" }, 200],
    ["Support cannot change roles", ["SUPPORT"], { platformRoles: ["USER", "PARTNER"] }, 403],
    ["Support cannot suspend", ["SUPPORT"], { suspended: true }, 403],
    ["Support cannot set partner status", ["SUPPORT"], { partnerStatus: "ACTIVE" }, 403],
    ["a Developer cannot edit profiles", ["DEVELOPER"], { displayName: "x" }, 403],
    ["a user cannot edit others", ["USER"], { displayName: "x" }, 403],
    ["a Team lead grants Partner", ["TEAM_LEAD"], { platformRoles: ["USER", "PARTNER"] }, 200],
    ["a Team lead cannot grant Team lead", ["TEAM_LEAD"], { platformRoles: ["USER", "TEAM_LEAD"] }, 403],
    ["a Team lead cannot make a Project lead", ["TEAM_LEAD"], { platformRoles: ["USER", "PROJECT_LEAD"] }, 403],
    ["a Team lead sets partner status", ["TEAM_LEAD"], { partnerStatus: "ACTIVE", partnerNote: "contract signed" }, 200],
    ["a Project lead makes a Project lead", ["PROJECT_LEAD"], { platformRoles: ["USER", "PROJECT_LEAD"] }, 200],
    ["nobody removes every role", ["PROJECT_LEAD"], { platformRoles: [] }, 400],
  ] as const)("%s → %i", async (_label, roles, body, status) => {
    const target = await createUser();
    const response = await put({ roles: [...roles] }, target, body);
    expect(response.status).toBe(status);
    const after = await db.user.findUniqueOrThrow({ where: { id: target.id } });
    expect(after.version).toBe(status === 200 ? 2 : 1);
  });

  it("records partner status changes with who and why", async () => {
    const target = await createUser();
    await put({ roles: ["TEAM_LEAD"] }, target, { partnerStatus: "ACTIVE", partnerNote: "contract signed" });
    const change = await db.partnerStatusChange.findFirstOrThrow({ where: { userId: target.id } });
    expect(change).toMatchObject({ from: "NONE", to: "ACTIVE", note: "contract signed" });
    expect(change.actorId).not.toBeNull();
  });

  it("keeps a Team lead away from users of equal or higher rank", async () => {
    const otherLead = await createUser({ roles: ["TEAM_LEAD"] });
    expect((await put({ roles: ["TEAM_LEAD"] }, otherLead, { platformRoles: ["USER"] })).status).toBe(403);
    expect((await put({ roles: ["TEAM_LEAD"] }, otherLead, { suspended: true })).status).toBe(403);
  });

  it("never leaves the platform without an active Project lead", async () => {
    const [a, b] = [await createUser({ roles: ["PROJECT_LEAD"] }), await createUser({ roles: ["PROJECT_LEAD"] })];
    const tokenA = await tokenFor(a.id);
    const putAsA = (target: { id: string }, body: unknown) =>
      call(userById.PUT, "PUT", "/", { token: tokenA, params: { id: target.id }, headers: { "if-match": '"v1"' }, body });
    expect((await putAsA(b, { platformRoles: ["USER"] })).status).toBe(200);
    // A Project lead can only lose the role through someone else, who then remains one.
    const selfDemotion = await putAsA(a, { platformRoles: ["USER"] });
    expect(selfDemotion.status).toBe(422);
    expect(selfDemotion.json).toMatchObject({ code: "self_demotion" });
    expect((await putAsA(a, { suspended: true })).status).toBe(422);
    expect((await db.user.findUniqueOrThrow({ where: { id: a.id } })).platformRoles).toContain("PROJECT_LEAD");
  });

  it("ends every session and token of a suspended user at once", async () => {
    const target = await createUser();
    const targetToken = await tokenFor(target.id);
    expect((await call(me.GET, "GET", "/api/v1/users/me", { token: targetToken })).status).toBe(200);
    expect((await put({ roles: ["TEAM_LEAD"] }, target, { suspended: true, suspensionReason: "spam" })).status).toBe(200);
    expect((await call(me.GET, "GET", "/api/v1/users/me", { token: targetToken })).status).toBe(401);
    const signIn = await call(tokenSignIn.POST, "POST", "/api/v1/auth/token", {
      body: { login: target.username, password: TEST_PASSWORD },
    });
    expect(signIn.status).toBe(401);
  });
});

describe("staff powers and token scopes (read, read+write, read+admin, all)", () => {
  it.each([
    ["read", ["read"], { full: false, search: 403, rename: 403 }],
    ["read+write", ["read", "write"], { full: false, search: 403, rename: 403 }],
    ["read+admin", ["read", "admin"], { full: true, search: 200, rename: 403 }],
    ["read+write+admin", ["read", "write", "admin"], { full: true, search: 200, rename: 200 }],
  ] as const)("a Team lead's %s token", async (_label, scopes, expected) => {
    const token = await tokenFor((await createUser({ roles: ["TEAM_LEAD"] })).id, [...scopes]);
    const target = await createUser();
    const read = await call(userById.GET, "GET", "/", { token, params: { id: target.id } });
    expect(read.status).toBe(200);
    expect("email" in read.json!).toBe(expected.full);
    expect((await call(users.GET, "GET", "/api/v1/users", { token })).status).toBe(expected.search);
    const rename = await call(userById.PUT, "PUT", "/", {
      token,
      params: { id: target.id },
      headers: { "if-match": `"v${target.version}"` },
      body: { displayName: "Moderated" },
    });
    expect(rename.status).toBe(expected.rename);
  });
});
