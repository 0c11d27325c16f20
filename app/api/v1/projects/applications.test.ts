/**
 * Applications and memberships (DESIGN 4 and 8.1): the journey, bad input (each a clear
 * problem+json with nothing written), two decisions at once, notifications, leaving, memberships.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import * as decisionRoute from "@/app/api/v1/projects/[id]/applications/[applicationId]/decision/route";
import * as reopenRoute from "@/app/api/v1/projects/[id]/applications/[applicationId]/reopen/route";
import * as withdrawRoute from "@/app/api/v1/projects/[id]/applications/[applicationId]/withdraw/route";
import * as applicationsRoute from "@/app/api/v1/projects/[id]/applications/route";
import * as leaveRoute from "@/app/api/v1/projects/[id]/members/me/route";
import * as roleRoute from "@/app/api/v1/projects/[id]/roles/[roleId]/route";
import * as rolesRoute from "@/app/api/v1/projects/[id]/roles/route";
import * as settingsRoute from "@/app/api/v1/projects/[id]/settings/route";
import * as statusRoute from "@/app/api/v1/projects/[id]/status/route";
import * as myApplicationsRoute from "@/app/api/v1/users/me/applications/route";
import * as membershipsRoute from "@/app/api/v1/users/[id]/memberships/route";
import { db, type Prisma } from "@/lib/db/client";
import type { ProjectStatus, ProjectVisibility } from "@/lib/permissions";
import type { ProjectModuleName } from "@/lib/projects/schemas";
import { addMemberWith, createPartner, createProjectFor, createUser, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

async function openProject(
  state: { status?: ProjectStatus; visibility?: ProjectVisibility; modules?: ProjectModuleName[]; settings?: Record<string, unknown> } = {},
) {
  const owner = await createPartner();
  const project = await createProjectFor(owner, {
    status: state.status ?? "PUBLISHED",
    visibility: state.visibility ?? "PUBLIC",
    modules: state.modules ?? ["APPLICATIONS"],
  });
  if (state.settings) await db.project.update({ where: { id: project.id }, data: { settings: state.settings as Prisma.InputJsonValue } });
  const roleId = (key: string) => project.roles.find((role) => role.key === key)!.id;
  return { owner, project, ownerToken: await tokenFor(owner.id), roleId };
}

/** A page of the project's applications; `query` as in the address ("?status=PENDING"). */
const list = (token: string, projectId: string, query = "") =>
  call(applicationsRoute.GET, "GET", `/${query}`, { token, params: { id: projectId } });
const apply = (token: string | undefined, projectId: string, body: unknown) =>
  call(applicationsRoute.POST, "POST", "/", { token, params: { id: projectId }, body });
const decide = (token: string, projectId: string, applicationId: string, body: unknown) =>
  call(decisionRoute.POST, "POST", "/", { token, params: { id: projectId, applicationId }, body });
const withdraw = (token: string, projectId: string, applicationId: string) =>
  call(withdrawRoute.POST, "POST", "/", { token, params: { id: projectId, applicationId } });

const reopen = (token: string, projectId: string, applicationId: string) =>
  call(reopenRoute.POST, "POST", "/", { token, params: { id: projectId, applicationId } });

async function applicant() {
  const user = await createUser();
  return { user, token: await tokenFor(user.id, ["read", "write"]) };
}

describe("the application journey", () => {
  it("applies, is listed for the team, accepted as Tester, becomes a member in the same step", async () => {
    const { owner, project, ownerToken, roleId } = await openProject();
    const { user, token } = await applicant();
    const created = await apply(token, project.id, { message: "  I test a lot.  " });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      projectId: project.id,
      userId: user.id,
      message: "I test a lot.",
      roleId: null,
      status: "PENDING",
      decidedAt: null,
      decidedBy: null,
      reason: null,
    });

    const listed = await list(ownerToken, project.id, "?status=PENDING");
    expect(listed.status).toBe(200);
    expect((listed.json!.data as { id: string }[]).map((row) => row.id)).toEqual([created.json!.id]);

    const accepted = await decide(ownerToken, project.id, created.json!.id as string, {
      decision: "ACCEPT",
      roleId: roleId("TESTER"),
      reason: "Welcome",
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ status: "ACCEPTED", decidedBy: owner.id, reason: "Welcome", roleId: roleId("TESTER") });
    expect(accepted.json!.decidedAt).toEqual(expect.any(String));
    const member = await db.projectMember.findUniqueOrThrow({
      where: { projectId_userId: { projectId: project.id, userId: user.id } },
      include: { role: true },
    });
    expect(member.role.key).toBe("TESTER");
    const audit = await db.auditEntry.findMany({
      where: { projectId: project.id, action: { in: ["application.create", "application.accept", "member.add"] } },
    });
    expect(audit.map((entry) => entry.action).sort()).toEqual(["application.accept", "application.create", "member.add"]);

    const memberships = await call(membershipsRoute.GET, "GET", "/", { token, params: { id: user.id } });
    expect(memberships.json!.data).toEqual([
      expect.objectContaining({ project: expect.objectContaining({ id: project.id }), role: expect.objectContaining({ key: "TESTER" }) }),
    ]);
    expect((await apply(token, project.id, { message: "again" })).json).toMatchObject({ status: 409, code: "already_member" });
  });

  it("accepts as Member when no role is named; rejects with a reason the applicant sees", async () => {
    const { project, ownerToken } = await openProject();
    const first = await applicant();
    const second = await applicant();
    const a = await apply(first.token, project.id, { message: "Hello" });
    const b = await apply(second.token, project.id, { message: "Hi" });
    expect((await decide(ownerToken, project.id, a.json!.id as string, { decision: "ACCEPT" })).status).toBe(200);
    const member = await db.projectMember.findUniqueOrThrow({
      where: { projectId_userId: { projectId: project.id, userId: first.user.id } },
      include: { role: true },
    });
    expect(member.role.key).toBe("MEMBER");

    expect((await decide(ownerToken, project.id, b.json!.id as string, { decision: "REJECT", reason: "Team is full" })).status).toBe(200);
    const mine = await call(myApplicationsRoute.GET, "GET", "/", { token: second.token });
    expect(mine.json!.data).toEqual([
      expect.objectContaining({
        id: b.json!.id,
        status: "REJECTED",
        reason: "Team is full",
        project: expect.objectContaining({ id: project.id }),
      }),
    ]);
    const notification = await db.notification.findFirstOrThrow({ where: { userId: second.user.id, kind: "application.rejected" } });
    expect(notification.body).toBe("Team is full");
    expect(await db.projectMember.count({ where: { projectId: project.id, userId: second.user.id } })).toBe(0);

    // After a decision the applicant may apply again.
    expect((await apply(second.token, project.id, { message: "Now?" })).status).toBe(201);
  });

  it("withdraws a pending application and applies again; a second pending one is refused", async () => {
    const { project } = await openProject();
    const { token } = await applicant();
    const first = await apply(token, project.id, { message: "one" });
    expect((await apply(token, project.id, { message: "two" })).json).toMatchObject({ status: 409, code: "application_pending" });
    const withdrawn = await withdraw(token, project.id, first.json!.id as string);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json).toMatchObject({ status: "WITHDRAWN" });
    expect((await withdraw(token, project.id, first.json!.id as string)).json).toMatchObject({ status: 409, code: "application_settled" });
    expect((await apply(token, project.id, { message: "three" })).status).toBe(201);
  });

  it("lets nobody withdraw another user's application (404)", async () => {
    const { project, ownerToken } = await openProject();
    const { token } = await applicant();
    const other = await applicant();
    const created = await apply(token, project.id, { message: "mine" });
    expect((await withdraw(other.token, project.id, created.json!.id as string)).status).toBe(404);
    expect((await withdraw(ownerToken, project.id, created.json!.id as string)).status).toBe(404);
  });

  it("asks for the roles the project offers, and no others", async () => {
    const { project, roleId } = await openProject();
    await db.project.update({ where: { id: project.id }, data: { settings: { offeredRoleIds: [roleId("TESTER")] } } });
    const { token } = await applicant();
    const created = await apply(token, project.id, { message: "Tester please", roleId: roleId("TESTER") });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ roleId: roleId("TESTER"), role: { name: "Tester" } });
  });

  it("refuses offering Owner or another project's role in the settings", async () => {
    const { project, ownerToken, roleId } = await openProject();
    const read = await call(settingsRoute.GET, "GET", "/", { token: ownerToken, params: { id: project.id } });
    const put = (offeredRoleIds: string[]) =>
      call(settingsRoute.PUT, "PUT", "/", {
        token: ownerToken,
        params: { id: project.id },
        headers: { "if-match": read.headers.get("etag")! },
        body: { visibility: "PUBLIC", settings: { offeredRoleIds } },
      });
    expect((await put([roleId("OWNER")])).json).toMatchObject({ status: 400, errors: [{ path: "settings.offeredRoleIds" }] });
    expect((await put(["nope"])).status).toBe(400);
    expect((await put([roleId("TESTER")])).status).toBe(200);
  });
});

describe("custom roles on offer", () => {
  async function withCustomRole() {
    const opened = await openProject();
    const params = { id: opened.project.id };
    const created = await call(rolesRoute.POST, "POST", "/", {
      token: opened.ownerToken,
      params,
      body: { name: "Map maker", permissions: [], rank: 15 },
    });
    expect(created.status).toBe(201);
    const customId = created.json!.id as string;
    const settings = async () => {
      const read = await call(settingsRoute.GET, "GET", "/", { token: opened.ownerToken, params });
      return { etag: read.headers.get("etag")!, offered: (read.json!.settings as { offeredRoleIds: string[] }).offeredRoleIds };
    };
    const offer = async (offeredRoleIds: string[]) =>
      call(settingsRoute.PUT, "PUT", "/", {
        token: opened.ownerToken,
        params,
        headers: { "if-match": (await settings()).etag },
        body: { visibility: "PUBLIC", settings: { applicationsOpen: true, offeredRoleIds } },
      });
    return { ...opened, params, customId, settings, offer };
  }

  it("offers a custom role (key null): saved, applied for and accepted with", async () => {
    const { project, ownerToken, customId, offer, roleId } = await withCustomRole();
    expect((await offer([customId, roleId("TESTER")])).status).toBe(200);
    const { user, token } = await applicant();
    const created = await apply(token, project.id, { message: "I build maps", roleId: customId });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ roleId: customId, role: { name: "Map maker" } });
    const accepted = await decide(ownerToken, project.id, created.json!.id as string, { decision: "ACCEPT", roleId: customId });
    expect(accepted.status).toBe(200);
    expect(await db.projectMember.findFirst({ where: { projectId: project.id, userId: user.id } })).toMatchObject({ roleId: customId });
  });

  it("takes a deleted custom role off the offer, so the settings still save", async () => {
    const { ownerToken, params, customId, settings, offer, roleId } = await withCustomRole();
    expect((await offer([customId, roleId("TESTER")])).status).toBe(200);
    const deleted = await call(roleRoute.DELETE, "DELETE", "/", { token: ownerToken, params: { ...params, roleId: customId } });
    expect(deleted.status).toBe(204);
    expect((await settings()).offered).toEqual([roleId("TESTER")]);
    expect((await offer((await settings()).offered)).status).toBe(200);
  });

  it("drops ids of roles deleted before the fix from stored offers (migration 20261126202000)", async () => {
    const { project, roleId } = await openProject();
    const stale = { offeredRoleIds: ["deleted-role", roleId("TESTER"), "other"], applicationsOpen: true };
    await db.project.update({ where: { id: project.id }, data: { settings: stale } });
    const migration = await readFile("prisma/migrations/20261126202000_offered_roles_that_exist/migration.sql", "utf8");
    await db.$executeRawUnsafe(migration);
    const { settings } = await db.project.findUniqueOrThrow({ where: { id: project.id } });
    expect(settings).toEqual({ offeredRoleIds: [roleId("TESTER")], applicationsOpen: true });
  });
});

describe("bad input: a clear problem, nothing written", () => {
  type Call = () => Promise<{ status: number; json: Record<string, unknown> | null }>;
  /** The one bad call, and the project it is about (what it must leave unchanged). */
  type Act = Call & { projectId: string };
  interface Case {
    name: string;
    /** Sets up the fixtures and returns the one bad call. */
    arrange(): Promise<Act>;
    status: number;
    path?: string;
  }
  const long = "x".repeat(5000);
  const about = (projectId: string, run: Call): Act => Object.assign(run, { projectId });
  const applyTo =
    (state: Parameters<typeof openProject>[0], body: unknown, signedIn = true) =>
    async (): Promise<Act> => {
      const { project } = await openProject(state);
      const token = signedIn ? (await applicant()).token : undefined;
      return about(project.id, () => apply(token, project.id, body));
    };
  async function withPending() {
    const context = await openProject();
    const person = await applicant();
    const created = await apply(person.token, context.project.id, { message: "Hello" });
    return { ...context, ...person, applicationId: created.json!.id as string };
  }
  const deciding =
    (
      body: (c: Awaited<ReturnType<typeof withPending>>) => unknown,
      before?: (c: Awaited<ReturnType<typeof withPending>>) => Promise<unknown>,
    ) =>
    async (): Promise<Act> => {
      const c = await withPending();
      await before?.(c);
      return about(c.project.id, () => decide(c.ownerToken, c.project.id, c.applicationId, body(c)));
    };
  const asMember = (roleKey: string, grant: string) => async (): Promise<Act> => {
    const c = await withPending();
    const decider = await createUser();
    await addMemberWith(c.project.id, decider.id, roleKey);
    const token = await tokenFor(decider.id);
    return about(c.project.id, () => decide(token, c.project.id, c.applicationId, { decision: "ACCEPT", roleId: c.roleId(grant) }));
  };
  const CASES: Case[] = [
    { name: "an empty message", arrange: applyTo({}, { message: "   " }), status: 400, path: "message" },
    { name: "a 5,000-character message", arrange: applyTo({}, { message: long }), status: 400, path: "message" },
    { name: "an unknown field", arrange: applyTo({}, { message: "hi", status: "ACCEPTED" }), status: 400 },
    { name: "a role the project does not offer", arrange: applyTo({}, { message: "hi", roleId: "unknown" }), status: 400, path: "roleId" },
    { name: "applying anonymously", arrange: applyTo({}, { message: "hi" }, false), status: 401 },
    { name: "applying to a draft", arrange: applyTo({ status: "DRAFT" }, { message: "hi" }), status: 404 },
    { name: "applying to a private project", arrange: applyTo({ visibility: "PRIVATE" }, { message: "hi" }), status: 404 },
    { name: "applying with the module off", arrange: applyTo({ modules: [] }, { message: "hi" }), status: 404 },
    {
      name: "applying while applications are closed",
      arrange: applyTo({ settings: { applicationsOpen: false } }, { message: "hi" }),
      status: 422,
    },
    { name: "applying to an archived project", arrange: applyTo({ status: "ARCHIVED" }, { message: "hi" }), status: 422 },
    { name: "applying to a LAUNCHER project", arrange: applyTo({ visibility: "LAUNCHER" }, { message: "hi" }), status: 422 },
    {
      name: "accepting with an unknown role id",
      arrange: deciding(() => ({ decision: "ACCEPT", roleId: "unknown" })),
      status: 400,
      path: "roleId",
    },
    { name: "accepting as Owner", arrange: deciding((c) => ({ decision: "ACCEPT", roleId: c.roleId("OWNER") })), status: 403 },
    { name: "a Moderator accepting as Developer (above what they may grant)", arrange: asMember("MODERATOR", "DEVELOPER"), status: 403 },
    { name: "a Manager accepting as Manager (their own rank)", arrange: asMember("MANAGER", "MANAGER"), status: 403 },
    { name: "a Tester deciding (no applications.decide)", arrange: asMember("TESTER", "MEMBER"), status: 403 },
    { name: "an unknown decision", arrange: deciding(() => ({ decision: "MAYBE" })), status: 400, path: "decision" },
    {
      name: "a role with REJECT",
      arrange: deciding((c) => ({ decision: "REJECT", roleId: c.roleId("MEMBER") })),
      status: 400,
      path: "roleId",
    },
    { name: "a 5,000-character reason", arrange: deciding(() => ({ decision: "REJECT", reason: long })), status: 400, path: "reason" },
    {
      name: "deciding a withdrawn application",
      arrange: deciding(
        () => ({ decision: "ACCEPT" }),
        (c) => withdraw(c.token, c.project.id, c.applicationId),
      ),
      status: 409,
    },
    {
      name: "deciding twice",
      arrange: deciding(
        () => ({ decision: "ACCEPT" }),
        (c) => decide(c.ownerToken, c.project.id, c.applicationId, { decision: "REJECT" }),
      ),
      status: 409,
    },
    {
      name: "deciding with a read-only token",
      arrange: async () => {
        const c = await withPending();
        const token = await tokenFor(c.owner.id, ["read"]);
        return about(c.project.id, () => decide(token, c.project.id, c.applicationId, { decision: "ACCEPT" }));
      },
      status: 403,
    },
    {
      name: "deciding an application of another project",
      arrange: async () => {
        const c = await withPending();
        const other = await openProject();
        return about(c.project.id, () => decide(other.ownerToken, other.project.id, c.applicationId, { decision: "ACCEPT" }));
      },
      status: 404,
    },
    {
      name: "a page of an unknown status",
      arrange: async () => {
        const c = await openProject();
        return about(c.project.id, () => list(c.ownerToken, c.project.id, "?status=DONE"));
      },
      status: 400,
      path: "status",
    },
    {
      name: "a broken cursor",
      arrange: async () => {
        const c = await openProject();
        return about(c.project.id, () => list(c.ownerToken, c.project.id, "?cursor=bad"));
      },
      status: 400,
    },
  ];

  /** What a call about this project could write (other test files run meanwhile, so only this project's rows count). */
  async function counts(projectId: string) {
    const people = { OR: [{ memberships: { some: { projectId } } }, { applications: { some: { projectId } } }] };
    const [applications, pending, members, audit, notifications] = await Promise.all([
      db.application.count({ where: { projectId } }),
      db.application.count({ where: { projectId, status: "PENDING" } }),
      db.projectMember.count({ where: { projectId } }),
      db.auditEntry.count({ where: { projectId } }),
      db.notification.count({ where: { user: people } }),
    ]);
    return { applications, pending, members, audit, notifications };
  }

  it.each(CASES)("$name: $status", async ({ arrange, status, path }) => {
    const act = await arrange();
    const before = await counts(act.projectId);
    const response = await act();
    expect(response.status).toBe(status);
    expect(response.json).toMatchObject({ status, type: expect.any(String), title: expect.any(String), detail: expect.any(String) });
    if (path) expect(response.json!.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(JSON.stringify(response.json)).not.toMatch(/prisma|stack|SELECT/i);
    expect(await counts(act.projectId)).toEqual(before);
  });
});

describe("two decisions at once", () => {
  it.each([
    ["accept and reject", [{ decision: "ACCEPT" }, { decision: "REJECT", reason: "no" }]],
    ["two accepts", [{ decision: "ACCEPT" }, { decision: "ACCEPT" }]],
  ] as const)("%s: exactly one counts", async (_label, bodies) => {
    const { project, ownerToken } = await openProject();
    const manager = await createUser();
    await addMemberWith(project.id, manager.id, "MANAGER");
    const managerToken = await tokenFor(manager.id);
    const { user, token } = await applicant();
    const created = await apply(token, project.id, { message: "Pick me" });
    const id = created.json!.id as string;
    const responses = await Promise.all([decide(ownerToken, project.id, id, bodies[0]), decide(managerToken, project.id, id, bodies[1])]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = responses.find((response) => response.status === 200)!;
    const row = await db.application.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe(winner.json!.status);
    expect(await db.auditEntry.count({ where: { targetId: id, action: { in: ["application.accept", "application.reject"] } } })).toBe(1);
    expect(await db.projectMember.count({ where: { projectId: project.id, userId: user.id } })).toBe(row.status === "ACCEPTED" ? 1 : 0);
    expect(await db.notification.count({ where: { userId: user.id, kind: { startsWith: "application." } } })).toBe(1);
  });

  it("two applications at once: one pending, the other 409", async () => {
    const { project } = await openProject();
    const { user, token } = await applicant();
    const responses = await Promise.all([apply(token, project.id, { message: "a" }), apply(token, project.id, { message: "b" })]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(await db.application.count({ where: { projectId: project.id, userId: user.id } })).toBe(1);
  });
});

describe("undoing a rejection (reopen)", () => {
  async function rejected() {
    const opened = await openProject();
    const person = await applicant();
    const created = await apply(person.token, opened.project.id, { message: "Take me" });
    const id = created.json!.id as string;
    expect((await decide(opened.ownerToken, opened.project.id, id, { decision: "REJECT", reason: "Full" })).status).toBe(200);
    return { ...opened, person, id };
  }

  it("puts a rejection back to pending, audited with the reason it cleared; the applicant is told; it can be decided again", async () => {
    const { project, ownerToken, owner, person, id } = await rejected();
    const reopened = await reopen(ownerToken, project.id, id);
    expect(reopened.status).toBe(200);
    expect(reopened.json).toMatchObject({ id, status: "PENDING", decidedAt: null, decidedBy: null, reason: null });
    const entries = await db.auditEntry.findMany({
      where: { targetId: id },
      orderBy: { createdAt: "asc" },
      select: { action: true, actorId: true, changes: true },
    });
    expect(entries.map((entry) => entry.action)).toEqual(["application.create", "application.reject", "application.reopen"]);
    expect(entries[2]).toMatchObject({
      actorId: owner.id,
      changes: { status: { before: "REJECTED", after: "PENDING" }, reason: { before: "Full", after: null } },
    });
    expect(await db.event.count({ where: { type: "application.reopened", projectId: project.id } })).toBe(1);
    const told = await db.notification.findFirstOrThrow({ where: { userId: person.user.id, kind: "application.reopened" } });
    expect(told.link).toBe("/my-applications");
    expect((await decide(ownerToken, project.id, id, { decision: "ACCEPT" })).json).toMatchObject({ status: "ACCEPTED" });
  });

  it("refuses after the window (422), once the applicant applied again (409), and anything not rejected (409)", async () => {
    const late = await rejected();
    await db.application.update({ where: { id: late.id }, data: { decidedAt: new Date(Date.now() - 16 * 60_000) } });
    expect((await reopen(late.ownerToken, late.project.id, late.id)).json).toMatchObject({ status: 422, code: "reopen_window_passed" });
    await db.application.update({ where: { id: late.id }, data: { decidedAt: new Date(Date.now() - 14 * 60_000) } });
    expect((await reopen(late.ownerToken, late.project.id, late.id)).status).toBe(200);

    const again = await rejected();
    expect((await apply(again.person.token, again.project.id, { message: "Once more" })).status).toBe(201);
    expect((await reopen(again.ownerToken, again.project.id, again.id)).json).toMatchObject({ status: 409, code: "applied_again" });

    const { project, ownerToken } = await openProject();
    const person = await applicant();
    const pending = (await apply(person.token, project.id, { message: "a" })).json!.id as string;
    expect((await reopen(ownerToken, project.id, pending)).json).toMatchObject({ status: 409, code: "application_not_rejected" });
    await withdraw(person.token, project.id, pending);
    expect((await reopen(ownerToken, project.id, pending)).json).toMatchObject({ status: 409, code: "application_not_rejected" });
    const accepted = (await apply(person.token, project.id, { message: "b" })).json!.id as string;
    await decide(ownerToken, project.id, accepted, { decision: "ACCEPT" });
    expect((await reopen(ownerToken, project.id, accepted)).json).toMatchObject({ status: 409, code: "application_not_rejected" });
    expect(await db.auditEntry.count({ where: { action: "application.reopen", projectId: project.id } })).toBe(0);
  });

  it("needs applications.decide (403 for a Member), a write token (403 for read), and is 404 from another project", async () => {
    const { project, id } = await rejected();
    const member = await createUser();
    await addMemberWith(project.id, member.id, "MEMBER");
    expect((await reopen(await tokenFor(member.id), project.id, id)).status).toBe(403);
    const owner = (await db.projectMember.findFirstOrThrow({ where: { projectId: project.id, role: { key: "OWNER" } } })).userId;
    expect((await reopen(await tokenFor(owner, ["read"]), project.id, id)).status).toBe(403);
    const elsewhere = await openProject();
    // The other project's Owner, through their own project and through this one.
    expect((await reopen(elsewhere.ownerToken, elsewhere.project.id, id)).status).toBe(404);
    expect((await reopen(elsewhere.ownerToken, project.id, id)).status).toBe(403);
    const stranger = await applicant();
    expect((await reopen(stranger.token, project.id, id)).status).toBe(403);
    expect((await db.application.findUniqueOrThrow({ where: { id } })).status).toBe("REJECTED");
  });

  it("two reopenings at once: exactly one counts", async () => {
    const { project, ownerToken, id } = await rejected();
    const manager = await createUser();
    await addMemberWith(project.id, manager.id, "MANAGER");
    const responses = await Promise.all([reopen(ownerToken, project.id, id), reopen(await tokenFor(manager.id), project.id, id)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await db.auditEntry.count({ where: { targetId: id, action: "application.reopen" } })).toBe(1);
  });

  it("a reopening and a new application at once: never two pending", async () => {
    const { project, ownerToken, person, id } = await rejected();
    const responses = await Promise.all([reopen(ownerToken, project.id, id), apply(person.token, project.id, { message: "Again" })]);
    // Either the reopening wins (the application is pending: 409 application_pending) or the new one does (409 applied_again).
    expect(responses.filter((response) => response.status === 409)).toHaveLength(1);
    expect(responses.filter((response) => response.status < 300)).toHaveLength(1);
    expect(await db.application.count({ where: { projectId: project.id, userId: person.user.id, status: "PENDING" } })).toBe(1);
  });
});

describe("notifications", () => {
  it("tell every decider (not a suspended partner's Owner, not a Tester) about a new application", async () => {
    const { owner, project } = await openProject();
    const moderator = await createUser();
    const tester = await createUser();
    const suspendedOwner = await createUser({ roles: ["PARTNER"], partnerStatus: "SUSPENDED" });
    await addMemberWith(project.id, moderator.id, "MODERATOR");
    await addMemberWith(project.id, tester.id, "TESTER");
    await addMemberWith(project.id, suspendedOwner.id, "OWNER");
    const { token } = await applicant();
    await apply(token, project.id, { message: "Hello" });
    const told = await db.notification.findMany({
      where: { kind: "application.new", link: `/projects/${project.slug}/manage/applications` },
    });
    expect(told.map((row) => row.userId).sort()).toEqual([owner.id, moderator.id].sort());
  });
});

describe("module and visibility", () => {
  it("a disabled module hides the applications and keeps them", async () => {
    const { project, ownerToken } = await openProject();
    const { token } = await applicant();
    await apply(token, project.id, { message: "Hello" });
    await db.project.update({ where: { id: project.id }, data: { modules: [] } });
    expect((await list(ownerToken, project.id)).status).toBe(404);
    expect((await call(myApplicationsRoute.GET, "GET", "/", { token })).json!.data).toEqual([]);
    expect(await db.application.count({ where: { projectId: project.id } })).toBe(1);
    await db.project.update({ where: { id: project.id }, data: { modules: ["APPLICATIONS"] } });
    expect((await call(myApplicationsRoute.GET, "GET", "/", { token })).json!.data).toHaveLength(1);
  });

  it("lets signed-in users apply to an APPLICATION_ONLY project", async () => {
    const { project } = await openProject({ visibility: "APPLICATION_ONLY" });
    const { token } = await applicant();
    expect((await apply(token, project.id, { message: "Let me in" })).status).toBe(201);
  });

  it("enabling the module does not block review (no prompt needed)", async () => {
    const { project, ownerToken } = await openProject({ status: "DRAFT" });
    await db.project.update({
      where: { id: project.id },
      data: { description: "A project with a long enough description.", logoUrl: "https://example.test/logo.png" },
    });
    const response = await call(statusRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: { status: "IN_REVIEW" },
    });
    expect(response.status).toBe(200);
  });

  it("pages the project's applications with a cursor", async () => {
    const { project, ownerToken } = await openProject();
    for (let i = 0; i < 3; i += 1) await apply((await applicant()).token, project.id, { message: `n${i}` });
    const first = await list(ownerToken, project.id, "?limit=2");
    expect(first.json!.data).toHaveLength(2);
    const second = await list(ownerToken, project.id, `?limit=2&cursor=${first.json!.nextCursor}`);
    expect(second.json!.data).toHaveLength(1);
    expect(second.json!.nextCursor).toBeNull();
  });
});

describe("leaving and memberships", () => {
  it("a member leaves; the last Owner cannot; a non-member gets 404", async () => {
    const { owner, project, ownerToken } = await openProject();
    const { user, token } = await applicant();
    await addMemberWith(project.id, user.id, "TESTER");
    const leave = (t: string) => call(leaveRoute.DELETE, "DELETE", "/", { token: t, params: { id: project.id } });
    expect((await leave(token)).status).toBe(204);
    expect(await db.projectMember.count({ where: { projectId: project.id, userId: user.id } })).toBe(0);
    expect(await db.auditEntry.count({ where: { projectId: project.id, action: "member.leave", targetId: user.id } })).toBe(1);
    expect((await leave(token)).status).toBe(404);
    expect((await leave(ownerToken)).json).toMatchObject({ status: 422, code: "last_owner" });
    expect(await db.projectMember.count({ where: { projectId: project.id, userId: owner.id } })).toBe(1);
  });

  it("shows memberships to the user and to users.readAny staff (admin-scoped tokens), 404 to others", async () => {
    const { project } = await openProject();
    const { user, token } = await applicant();
    await addMemberWith(project.id, user.id, "TESTER");
    const support = await createUser({ roles: ["SUPPORT"] });
    const read = (t: string) => call(membershipsRoute.GET, "GET", "/", { token: t, params: { id: user.id } });
    expect((await read(token)).json!.data).toEqual([
      expect.objectContaining({ role: expect.objectContaining({ name: "Tester" }), since: expect.any(String) }),
    ]);
    expect((await read(await tokenFor(support.id, ["read", "admin"]))).status).toBe(200);
    expect((await read(await tokenFor(support.id, ["read"]))).status).toBe(404);
    expect((await read((await applicant()).token)).status).toBe(404);
    expect((await call(membershipsRoute.GET, "GET", "/", { params: { id: user.id } })).status).toBe(401);
  });

  it("pages the memberships with a cursor, newest first", async () => {
    const { user, token } = await applicant();
    const projects = [(await openProject()).project, (await openProject()).project, (await openProject()).project];
    for (const project of projects) await addMemberWith(project.id, user.id, "MEMBER");
    const read = (query: Record<string, string>) =>
      call(membershipsRoute.GET, "GET", `/?${new URLSearchParams(query)}`, { token, params: { id: user.id } });
    const first = await read({ limit: "2" });
    expect((first.json!.data as { project: { id: string } }[]).map((row) => row.project.id)).toEqual([projects[2].id, projects[1].id]);
    const second = await read({ limit: "2", cursor: String(first.json!.nextCursor) });
    expect(second.json).toMatchObject({
      data: [expect.objectContaining({ project: expect.objectContaining({ id: projects[0].id }) })],
      nextCursor: null,
    });
    expect((await read({ limit: "500" })).status).toBe(400);
  });
});
