import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import * as register from "@/app/api/v1/auth/register/route";
import * as tokenSignIn from "@/app/api/v1/auth/token/route";
import * as messages from "@/app/api/v1/projects/[id]/messages/route";
import * as audit from "@/app/api/v1/audit/route";
import * as user from "@/app/api/v1/users/[id]/route";
import * as twoFactorEnable from "@/app/api/v1/users/me/2fa/enable/route";
import * as twoFactorSetup from "@/app/api/v1/users/me/2fa/setup/route";
import * as dataExport from "@/app/api/v1/users/me/export/route";
import * as avatar from "@/app/api/v1/users/me/avatar/route";
import * as me from "@/app/api/v1/users/me/route";
import { totpCode } from "@/lib/auth/two-factor";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { PlatformRole } from "@/lib/permissions";
import { ACCOUNT_EXPORT_EXCLUDED } from "@/lib/privacy/export";
import { purgeExpiredData } from "@/lib/privacy/retention";
import {
  addMemberWith,
  createPartner,
  createProjectFor,
  createUser,
  inviteWith,
  sessionCookieFor,
  TEST_PASSWORD,
  tokenFor,
  unique,
} from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { DELETED_DISPLAY_NAME, DELETED_USERNAME } from "@/lib/users/deleted";

const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function signedIn(userId: string) {
  const session = await sessionCookieFor(userId);
  return { headers: { cookie: session.header }, sessionId: session.sessionId };
}

const deleteMe = (headers: Record<string, string>, body: Record<string, unknown>, ip = randomIp()) =>
  call(me.DELETE, "DELETE", "/api/v1/users/me", { headers, body, ip });

const deleteUser = (token: string, id: string) => call(user.DELETE, "DELETE", `/api/v1/users/${id}`, { token, params: { id } });

const signInWith = (login: string, password = TEST_PASSWORD) =>
  call(tokenSignIn.POST, "POST", "/api/v1/auth/token", { ip: randomIp(), body: { login, password } });

/** Turns two-factor sign-in on through the API; returns the secret. */
async function enableTwoFactor(headers: Record<string, string>) {
  const setup = await call(twoFactorSetup.POST, "POST", "/", { headers });
  const secret = setup.json!.secret as string;
  expect((await call(twoFactorEnable.POST, "POST", "/", { headers, body: { code: totpCode(secret) } })).status).toBe(200);
  return secret;
}

/** A user with a row in every table that holds personal data, and content that must stay. */
async function userWithEverything() {
  const person = await createUser();
  const owner = await createPartner();
  const project = await createProjectFor(owner, { status: "PUBLISHED", modules: ["MESSAGES", "APPLICATIONS"] });
  const other = await createProjectFor(owner, { status: "PUBLISHED", modules: ["APPLICATIONS"] });
  await addMemberWith(project.id, person.id, "MANAGER");
  const session = await signedIn(person.id);
  // A real sign-in: a login event and a token from the password.
  expect((await signInWith(person.username)).status).toBe(201);
  const token = await tokenFor(person.id, ["read", "write"]);
  await call(me.PUT, "PUT", "/api/v1/users/me", {
    headers: { ...session.headers, "if-match": `"v${person.version}"` },
    body: { displayName: "Erika Mustermann", dateOfBirth: "1990-05-01" },
  });
  const picture = await avatar.PUT(
    new Request("http://127.0.0.1:3000/api/v1/users/me/avatar", {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "image/png" },
      body: new Uint8Array(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c05030" } })
          .png()
          .toBuffer(),
      ),
    }),
    { params: Promise.resolve({}) },
  );
  expect(picture.status).toBe(200);
  const device = await db.device.create({
    data: { userId: person.id, keyHash: `k-${unique()}`, name: "Firefox on Linux", userAgent: "Firefox" },
  });
  const message = await db.projectMessage.create({
    data: { projectId: project.id, authorId: person.id, title: "Patch notes", body: "Written by the person" },
  });
  const decided = await db.application.create({
    data: {
      projectId: other.id,
      userId: person.id,
      message: "Let me in",
      status: "REJECTED",
      decidedById: owner.id,
      decidedAt: new Date(),
    },
  });
  const pending = await db.application.create({ data: { projectId: other.id, userId: person.id, message: "Again please" } });
  const invitation = await inviteWith(other.id, person.id, "TESTER", owner.id);
  await db.notification.create({ data: { userId: person.id, kind: "member.added", title: "Welcome", body: "" } });
  await db.projectFollow.create({ data: { projectId: other.id, userId: person.id } });
  await db.warning.create({
    data: { userId: person.id, kind: "RULE_VIOLATION", severity: "LOW", reason: `canary-${person.id}`, internalNote: "internal" },
  });
  await db.partnerStatusChange.create({ data: { userId: person.id, from: "NONE", to: "NONE", note: "staff note" } });
  await db.recoveryCode.create({ data: { userId: person.id, codeHash: `h-${unique()}` } });
  await db.passwordResetToken.create({ data: { userId: person.id, tokenHash: `r-${unique()}`, expiresAt: new Date(Date.now() + 60_000) } });
  await db.emailVerificationToken.create({
    data: { userId: person.id, email: `new-${person.email}`, tokenHash: `v-${unique()}`, expiresAt: new Date(Date.now() + 60_000) },
  });
  await db.signInChallenge.create({ data: { userId: person.id, keyHash: `c-${unique()}`, expiresAt: new Date(Date.now() + 60_000) } });
  await db.idempotencyKey.create({
    data: { userId: person.id, key: unique(), method: "POST", path: "/x", requestHash: "h", status: 201, body: {} },
  });
  await db.outboxMail.create({ data: { to: person.email, subject: "Hello", body: "Hi Erika" } });
  return { person, owner, project, other, session, token, device, message, decided, pending, invitation };
}

describe("DELETE /users/me", () => {
  it("erases every personal row, keeps authored content under Deleted user, and answers 202 once sessions and tokens ended", async () => {
    const { person, owner, project, session, token, message, decided, pending, invitation } = await userWithEverything();
    const before = await db.user.findUniqueOrThrow({ where: { id: person.id } });
    const deleted = await deleteMe(session.headers, { password: TEST_PASSWORD });
    expect(deleted.status).toBe(202);
    expect(deleted.json).toMatchObject({ id: person.id, membershipsRemoved: 1, applicationsWithdrawn: 1 });
    expect((deleted.json!.sessionsEnded as number) >= 1 && (deleted.json!.tokensRevoked as number) >= 2).toBe(true);

    // Sessions and tokens no longer work.
    expect((await call(me.GET, "GET", "/api/v1/users/me", { headers: session.headers })).status).toBe(401);
    expect((await call(me.GET, "GET", "/api/v1/users/me", { token })).status).toBe(401);

    // Row by row.
    const id = person.id;
    const counts = {
      sessions: await db.userSession.count({ where: { userId: id } }),
      tokens: await db.apiToken.count({ where: { userId: id } }),
      devices: await db.device.count({ where: { userId: id } }),
      loginHistory: await db.loginEvent.count({ where: { userId: id } }),
      recoveryCodes: await db.recoveryCode.count({ where: { userId: id } }),
      challenges: await db.signInChallenge.count({ where: { userId: id } }),
      resetLinks: await db.passwordResetToken.count({ where: { userId: id } }),
      verificationLinks: await db.emailVerificationToken.count({ where: { userId: id } }),
      notifications: await db.notification.count({ where: { userId: id } }),
      follows: await db.projectFollow.count({ where: { userId: id } }),
      warnings: await db.warning.count({ where: { userId: id } }),
      partnerHistory: await db.partnerStatusChange.count({ where: { userId: id } }),
      memberships: await db.projectMember.count({ where: { userId: id } }),
      idempotency: await db.idempotencyKey.count({ where: { userId: id } }),
      outbox: await db.outboxMail.count({ where: { to: before.email } }),
      pictures: await db.storedFile.count({ where: { ownerId: id } }),
    };
    expect(counts).toEqual(Object.fromEntries(Object.keys(counts).map((key) => [key, 0])));
    // A pending invitation is declined, and the team's log says so.
    expect(await db.projectInvitation.findUniqueOrThrow({ where: { id: invitation.id } })).toMatchObject({ status: "DECLINED" });
    expect(await db.auditEntry.count({ where: { action: "invitation.decline", targetId: invitation.id } })).toBe(1);
    const tombstone = await db.user.findUniqueOrThrow({ where: { id } });
    expect(tombstone).toMatchObject({
      username: DELETED_USERNAME,
      displayName: DELETED_DISPLAY_NAME,
      email: `deleted:${id}`,
      usernameKey: `deleted:${id}`,
      emailVerifiedAt: null,
      passwordHash: "",
      dateOfBirth: null,
      avatarUrl: null,
      totpSecret: null,
      totpEnabledAt: null,
      settings: {},
      notificationSettings: {},
      platformRoles: ["USER"],
      partnerStatus: "NONE",
      reservedUsernameKey: before.usernameKey,
    });
    expect(tombstone.deletedAt).not.toBeNull();
    expect(tombstone.usernameReservedUntil!.getTime() - tombstone.deletedAt!.getTime()).toBe(30 * 86_400_000);
    expect(JSON.stringify(tombstone)).not.toMatch(/Erika|1990-05-01|erika\.png/);

    // Authored content stays; the decided application keeps its decision, the pending one is withdrawn.
    expect(await db.projectMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      authorId: id,
      body: "Written by the person",
    });
    expect(await db.application.findUniqueOrThrow({ where: { id: decided.id } })).toMatchObject({
      status: "REJECTED",
      decidedById: owner.id,
    });
    expect(await db.application.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ status: "WITHDRAWN" });
    const listed = await call(messages.GET, "GET", `/api/v1/projects/${project.id}/messages`, { params: { id: project.id } });
    expect(listed.json!.data).toContainEqual(
      expect.objectContaining({
        id: message.id,
        author: { id, username: DELETED_USERNAME, displayName: DELETED_DISPLAY_NAME, avatarUrl: null },
      }),
    );

    // The account is gone for everyone, staff included.
    const lead = await createUser({ roles: ["PROJECT_LEAD"] });
    expect((await call(user.GET, "GET", `/api/v1/users/${id}`, { params: { id } })).status).toBe(404);
    expect((await call(user.GET, "GET", `/api/v1/users/${id}`, { params: { id }, token: await tokenFor(lead.id) })).status).toBe(404);
  });

  it("keeps only the id in audit entries by or about the user", async () => {
    const { person, session } = await userWithEverything();
    const before = await db.auditEntry.findMany({ where: { OR: [{ actorId: person.id }, { targetId: person.id }] } });
    expect(before.some((entry) => JSON.stringify(entry.changes).includes("Erika"))).toBe(true);
    expect((await deleteMe(session.headers, { password: TEST_PASSWORD })).status).toBe(202);
    const entries = await db.auditEntry.findMany({ where: { OR: [{ actorId: person.id }, { targetId: person.id }] } });
    expect(entries.length).toBeGreaterThan(before.length);
    for (const entry of entries) {
      expect(entry.ip).toBeNull();
      expect(JSON.stringify(entry.changes)).not.toMatch(new RegExp(`Erika|1990-05-01|${person.username}|${person.email}`));
    }
    const deletion = entries.find((entry) => entry.action === "user.delete")!;
    expect(deletion).toMatchObject({ actorId: person.id, targetType: "user", targetId: person.id });
    // The staff audit view names the actor "Deleted user".
    const lead = await createUser({ roles: ["PROJECT_LEAD"] });
    const view = await call(audit.GET, "GET", `/api/v1/audit?targetId=${person.id}`, { token: await tokenFor(lead.id) });
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.json)).toContain(DELETED_DISPLAY_NAME);
    expect(JSON.stringify(view.json)).not.toContain("Erika");
  });

  it("refuses a wrong password with 400 at password, rate limited like every password check", async () => {
    const person = await createUser();
    const { headers } = await signedIn(person.id);
    const ip = randomIp();
    const wrong = await deleteMe(headers, { password: "not my password" }, ip);
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: "validation_failed", errors: [{ path: "password" }] });
    const statuses = [];
    for (let attempt = 0; attempt < 10; attempt++) statuses.push((await deleteMe(headers, { password: "still wrong" }, ip)).status);
    expect(statuses).toContain(429);
    expect(await db.user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ deletedAt: null });
  });

  it("needs the code when two-factor sign-in is on", async () => {
    const person = await createUser();
    const { headers } = await signedIn(person.id);
    const secret = await enableTwoFactor(headers);
    const without = await deleteMe(headers, { password: TEST_PASSWORD });
    expect(without.status).toBe(400);
    expect(without.json).toMatchObject({ errors: [{ path: "otp" }] });
    const wrongCode = await deleteMe(headers, { password: TEST_PASSWORD, otp: "000000" });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.json).toMatchObject({ errors: [{ path: "otp" }] });
    // The next time step: the step used by "enable" is refused as a replay.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 30_000 });
    const withCode = await deleteMe(headers, { password: TEST_PASSWORD, otp: totpCode(secret) });
    expect(withCode.status).toBe(202);
  });

  it("answers 409 sole_owner naming the projects while the user is their last Owner (a suspended partner too)", async () => {
    const partner = await createUser({ roles: ["USER", "PARTNER"], partnerStatus: "SUSPENDED" });
    const project = await createProjectFor({ ...partner, partnerStatus: "ACTIVE" }, { name: `Sole ${unique()}` });
    const gone = await createProjectFor({ ...partner, partnerStatus: "ACTIVE" });
    await db.project.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    const { headers } = await signedIn(partner.id);
    const refused = await deleteMe(headers, { password: TEST_PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: "sole_owner", projects: [{ id: project.id, slug: project.slug, name: project.name }] });
    expect(refused.json!.detail).toMatch(/Transfer the ownership/);
    expect(await db.projectMember.count({ where: { userId: partner.id } })).toBe(2);
    // A second Owner: the partner may go.
    const second = await createPartner();
    await addMemberWith(project.id, second.id, "OWNER");
    expect((await deleteMe(headers, { password: TEST_PASSWORD })).status).toBe(202);
    expect(await db.projectMember.count({ where: { projectId: project.id, role: { key: "OWNER" } } })).toBe(1);
  });

  it("erases once when two deletions arrive at once", async () => {
    const person = await createUser();
    const { headers } = await signedIn(person.id);
    const answers = await Promise.all([deleteMe(headers, { password: TEST_PASSWORD }), deleteMe(headers, { password: TEST_PASSWORD })]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(202);
    expect([401, 404]).toContain(statuses[1]);
    expect(await db.auditEntry.count({ where: { action: "user.delete", targetId: person.id } })).toBe(1);
  });

  it("lets sign-in fail afterwards exactly like an unknown account", async () => {
    const person = await createUser();
    const { headers } = await signedIn(person.id);
    expect((await deleteMe(headers, { password: TEST_PASSWORD })).status).toBe(202);
    const unknown = await signInWith(`nobody-${unique()}`);
    for (const login of [person.username, person.email, `deleted:${person.id}`]) {
      const answer = await signInWith(login);
      expect(answer.status).toBe(401);
      expect({ ...answer.json, requestId: null }).toEqual({ ...unknown.json, requestId: null });
      expect(await db.loginEvent.findFirst({ where: { login: login.toLowerCase() }, orderBy: { createdAt: "desc" } })).toMatchObject({
        userId: null,
        reason: "unknown_login",
      });
    }
  });

  it("keeps the username in quarantine for 30 days (sign-up and username change), then frees it", async () => {
    const person = await createUser();
    const { headers } = await signedIn(person.id);
    expect((await deleteMe(headers, { password: TEST_PASSWORD })).status).toBe(202);
    const signUp = (username: string) =>
      call(register.POST, "POST", "/api/v1/auth/register", {
        ip: randomIp(),
        body: { username, email: `${unique()}@example.test`, password: "a long enough passphrase", displayName: "New" },
      });
    const refused = await signUp(person.username.toUpperCase());
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ errors: [{ path: "username" }] });
    const other = await createUser();
    const otherSession = await signedIn(other.id);
    const renamed = await call(me.PUT, "PUT", "/api/v1/users/me", {
      headers: { ...otherSession.headers, "if-match": `"v${other.version}"` },
      body: { username: person.username },
    });
    expect(renamed.status).toBe(409);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31 * 86_400_000 });
    expect((await signUp(person.username)).status).toBe(201);
    // The retention job clears the expired reservation.
    await purgeExpiredData();
    expect(await db.user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({
      reservedUsernameKey: null,
      usernameReservedUntil: null,
    });
  });

  it("refuses the last Project lead", async () => {
    const lead = await createUser({ roles: ["PROJECT_LEAD"] });
    const { headers } = await signedIn(lead.id);
    // Other Project leads exist in the shared test database; pretend this is the only one.
    const others = await db.user.findMany({ where: { platformRoles: { has: "PROJECT_LEAD" }, NOT: { id: lead.id }, suspendedAt: null } });
    await db.user.updateMany({ where: { id: { in: others.map((row) => row.id) } }, data: { suspendedAt: new Date() } });
    try {
      const refused = await deleteMe(headers, { password: TEST_PASSWORD });
      expect(refused.status).toBe(422);
      expect(refused.json).toMatchObject({ code: "last_project_lead" });
    } finally {
      await db.user.updateMany({ where: { id: { in: others.map((row) => row.id) } }, data: { suspendedAt: null } });
    }
  });
});

describe("DELETE /users/{id} (staff, users.delete)", () => {
  // Per actor, whom it deletes (202) and whom it may not (403).
  const matrix: { actor: PlatformRole; deletes: PlatformRole[]; refused: PlatformRole[] }[] = [
    { actor: "TEAM_LEAD", deletes: ["USER", "PARTNER", "SUPPORT", "DEVELOPER"], refused: ["TEAM_LEAD", "PROJECT_LEAD"] },
    { actor: "PROJECT_LEAD", deletes: ["USER", "TEAM_LEAD", "PROJECT_LEAD"], refused: [] },
    { actor: "SUPPORT", deletes: [], refused: ["USER"] },
    { actor: "DEVELOPER", deletes: [], refused: ["USER"] },
    { actor: "PARTNER", deletes: [], refused: ["USER"] },
    { actor: "USER", deletes: [], refused: ["USER"] },
  ];
  const cases = matrix.flatMap(({ actor, deletes, refused }) => [
    ...deletes.map((target) => ({ actor, target, status: 202 })),
    ...refused.map((target) => ({ actor, target, status: 403 })),
  ]);
  it.each(cases)("$actor deletes $target: $status", async ({ actor, target, status }) => {
    const staff = await createUser({ roles: [actor], partnerStatus: actor === "PARTNER" ? "ACTIVE" : "NONE" });
    const victim = await createUser({ roles: [target] });
    const answer = await deleteUser(await tokenFor(staff.id), victim.id);
    expect(answer.status).toBe(status);
    const row = await db.user.findUniqueOrThrow({ where: { id: victim.id } });
    expect(row.deletedAt !== null).toBe(status === 202);
    if (status === 202) {
      expect(await db.auditEntry.findFirst({ where: { action: "user.delete", targetId: victim.id } })).toMatchObject({ actorId: staff.id });
    }
  });

  it("refuses one's own account (422), unknown and deleted ids (404), and a token without the admin scope (403)", async () => {
    const lead = await createUser({ roles: ["TEAM_LEAD"] });
    const own = await deleteUser(await tokenFor(lead.id), lead.id);
    expect(own.status).toBe(422);
    expect(own.json).toMatchObject({ code: "self_deletion" });
    expect((await deleteUser(await tokenFor(lead.id), "no-such-user")).status).toBe(404);
    const victim = await createUser();
    const noAdmin = await deleteUser(await tokenFor(lead.id, ["read", "write"]), victim.id);
    expect(noAdmin.status).toBe(403);
    expect(noAdmin.json).toMatchObject({ code: "insufficient_scope" });
    const readAdmin = await deleteUser(await tokenFor(lead.id, ["read", "admin"]), victim.id);
    expect(readAdmin.status).toBe(403);
    expect((await deleteUser(await tokenFor(lead.id), victim.id)).status).toBe(202);
    expect((await deleteUser(await tokenFor(lead.id), victim.id)).status).toBe(404);
  });

  it("answers sole_owner for the last Owner of a project, as for the user", async () => {
    const lead = await createUser({ roles: ["PROJECT_LEAD"] });
    const partner = await createPartner();
    const project = await createProjectFor(partner);
    const refused = await deleteUser(await tokenFor(lead.id), partner.id);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: "sole_owner", projects: [{ id: project.id }] });
  });
});

describe("GET /users/me/export", () => {
  it("is an attachment with everything held about the caller and no secret or warning", async () => {
    const { person, session, message, pending, device, invitation } = await userWithEverything();
    const fresh = await db.user.findUniqueOrThrow({ where: { id: person.id } });
    const answer = await call(dataExport.GET, "GET", "/api/v1/users/me/export", { headers: session.headers });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="pums-export-${person.username}-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const data = answer.json!;
    expect(data).toMatchObject({
      format: "pums-export",
      account: { id: person.id, email: person.email, displayName: "Erika Mustermann", dateOfBirth: "1990-05-01" },
      pendingEmailChanges: [{ email: `new-${person.email}` }],
      memberships: [{ role: "Manager" }],
      messages: [{ id: message.id, body: "Written by the person" }],
      devices: [expect.objectContaining({ id: device.id, name: "Firefox on Linux" })],
      notifications: [{ title: "Welcome" }],
      follows: [expect.objectContaining({ since: expect.any(String) })],
      partnerStatusHistory: [{ from: "NONE", to: "NONE" }],
    });
    expect((data.applications as { id: string }[]).map((row) => row.id)).toContain(pending.id);
    expect(data.invitations).toMatchObject([{ id: invitation.id, role: "Tester", status: "PENDING" }]);
    expect((data.tokens as unknown[]).length).toBeGreaterThanOrEqual(2);
    expect((data.sessions as unknown[]).length).toBeGreaterThanOrEqual(1);
    expect((data.loginHistory as { success: boolean }[]).some((row) => row.success)).toBe(true);
    const actions = (data.auditEntries as { action: string }[]).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["user.update_own", "token.create"]));
    // Never a secret, never a warning or an internal note.
    const text = answer.text;
    for (const secret of [
      fresh.passwordHash,
      "tokenHash",
      "totpSecret",
      "codeHash",
      "keyHash",
      `canary-${person.id}`,
      "staff note",
      "internal",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("exports or deliberately leaves out every column of User (a new column fails here until it is placed)", async () => {
    const person = await createUser();
    const { headers } = await signedIn(person.id);
    const answer = await call(dataExport.GET, "GET", "/api/v1/users/me/export", { headers });
    const exported = Object.keys(answer.json!.account as object);
    const columns = Object.keys(Prisma.UserScalarFieldEnum);
    expect([...exported, ...Object.keys(ACCOUNT_EXPORT_EXCLUDED)].sort()).toEqual([...columns].sort());
    expect(exported.filter((key) => key in ACCOUNT_EXPORT_EXCLUDED)).toEqual([]);
  });

  it("allows 5 exports an hour per account", async () => {
    const person = await createUser();
    const { headers } = await signedIn(person.id);
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await call(dataExport.GET, "GET", "/api/v1/users/me/export", { headers, ip: randomIp() })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
