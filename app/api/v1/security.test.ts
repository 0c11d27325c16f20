import { describe, expect, it } from "vitest";
import * as audit from "@/app/api/v1/audit/route";
import * as projectAudit from "@/app/api/v1/projects/[id]/audit/route";
import * as one from "@/app/api/v1/projects/[id]/route";
import * as decision from "@/app/api/v1/reviews/[projectId]/decision/route";
import * as userById from "@/app/api/v1/users/[id]/route";
import * as warnings from "@/app/api/v1/users/[id]/warnings/route";
import * as me from "@/app/api/v1/users/me/route";
import type { TokenScope } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { changeMemberRole, createRole, transferOwnership } from "@/lib/members/service";
import { deleteProject, getProject } from "@/lib/projects/service";
import { actorOf, addMemberWith, createPartner, createProjectFor, createUser, testMeta, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { updateUserAsStaff } from "@/lib/users/service";

const passed = { passed: true, note: "" };
const ALL: TokenScope[] = ["read", "write", "admin"];

async function draftOf() {
  const owner = await createPartner();
  const project = await createProjectFor(owner);
  return { owner, project };
}

/** A partner's draft and a Project lead who is not a member of it. */
async function draftAndLead() {
  const { owner, project } = await draftOf();
  return { owner, project, lead: await createUser({ roles: ["PROJECT_LEAD"] }) };
}

async function version(userId: string) {
  return (await db.user.findUniqueOrThrow({ where: { id: userId } })).version;
}

describe("finding 3: a platform permission counts for a token only with the scopes its use needs", () => {
  it.each<[string, TokenScope[], number]>([
    ["read", ["read"], 403],
    ["read+write", ["read", "write"], 403],
    ["read+admin", ["read", "admin"], 403],
    ["read+write+admin", ALL, 200],
  ])("suspending a user with a Team lead's %s token (%j) answers %i", async (_label, scopes, expected) => {
    const lead = await createUser({ roles: ["TEAM_LEAD"] });
    const target = await createUser();
    const response = await call(userById.PUT, "PUT", "/", {
      token: await tokenFor(lead.id, scopes),
      params: { id: target.id },
      headers: { "if-match": `"v${await version(target.id)}"` },
      body: { suspended: true },
    });
    expect(response.status).toBe(expected);
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).suspendedAt !== null).toBe(expected === 200);
  });

  it.each<[string, TokenScope[], number]>([
    ["read+admin", ["read", "admin"], 403],
    ["read+write+admin", ALL, 200],
  ])("deciding a review with a %s token (%j) answers %i", async (_label, scopes, expected) => {
    const { project } = await draftOf();
    await db.project.update({ where: { id: project.id }, data: { status: "IN_REVIEW", submittedAt: new Date() } });
    const reviewer = await createUser({ roles: ["TEAM_LEAD"] });
    const response = await call(decision.POST, "POST", "/", {
      token: await tokenFor(reviewer.id, scopes),
      params: { projectId: project.id },
      body: {
        decision: "REJECT",
        checklist: { completeness: passed, quality: passed, guidelines: passed, security: passed },
        publicReason: "Not yet",
      },
    });
    expect(response.status).toBe(expected);
  });

  it.each<[string, TokenScope[] | null, number]>([
    ["session", null, 200],
    ["read token", ["read"], 404],
    ["read+write token", ["read", "write"], 404],
    ["read+admin token", ["read", "admin"], 200],
    ["read+write+admin token", ALL, 200],
  ])("a Project lead's %s (%j) sees someone else's draft: %i", async (_label, scopes, expected) => {
    const { project, lead } = await draftAndLead();
    const status =
      scopes === null
        ? await getProject(actorOf(lead), project.id).then(
            () => 200,
            () => 404,
          )
        : (await call(one.GET, "GET", "/", { token: await tokenFor(lead.id, scopes), params: { id: project.id } })).status;
    expect(status).toBe(expected);
  });

  it.each<[string, TokenScope[], number]>([
    ["read+write", ["read", "write"], 404],
    ["read+admin", ["read", "admin"], 403],
    ["read+write+admin", ALL, 200],
  ])("a Project lead's %s token (%j) edits a project it is not a member of (override): %i", async (_label, scopes, expected) => {
    const { project, lead } = await draftAndLead();
    const response = await call(one.PATCH, "PATCH", "/", {
      token: await tokenFor(lead.id, scopes),
      params: { id: project.id },
      headers: { "if-match": '"v1"' },
      body: { game: "Overridden" },
    });
    expect(response.status).toBe(expected);
  });
});

describe("finding 2: partner status and ownership transfer", () => {
  it("nobody changes their own partner status", async () => {
    const lead = await createUser({ roles: ["TEAM_LEAD"] });
    await expect(updateUserAsStaff(actorOf(lead), lead.id, { partnerStatus: "ACTIVE" }, lead.version, testMeta())).rejects.toMatchObject({
      status: 403,
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: lead.id } })).partnerStatus).toBe("NONE");
  });

  it.each([
    ["a Project lead", ["PROJECT_LEAD"] as const, 403],
    ["another Team lead", ["TEAM_LEAD"] as const, 403],
    ["a partner", ["USER", "PARTNER"] as const, 200],
  ])("a Team lead setting the partner status of %s (%j): %i", async (_label, roles, expected) => {
    const lead = await createUser({ roles: ["TEAM_LEAD"] });
    const target = await createUser({ roles: [...roles], partnerStatus: "ACTIVE" });
    const outcome = await updateUserAsStaff(actorOf(lead), target.id, { partnerStatus: "SUSPENDED" }, target.version, testMeta()).then(
      () => 200,
      (error: { status: number }) => error.status,
    );
    expect(outcome).toBe(expected);
  });

  it("a Team lead (moderation) cannot transfer ownership; a Project lead's override can, audited as override", async () => {
    const { project } = await draftOf();
    const teamLead = await createUser({ roles: ["TEAM_LEAD"], partnerStatus: "ACTIVE" });
    await expect(transferOwnership(actorOf(teamLead), project.id, teamLead.id, testMeta())).rejects.toMatchObject({ status: 403 });
    const heir = await createPartner();
    const projectLead = await createUser({ roles: ["PROJECT_LEAD"] });
    const meta = testMeta();
    await transferOwnership(actorOf(projectLead), project.id, heir.id, meta);
    const entry = await db.auditEntry.findFirstOrThrow({ where: { requestId: meta.requestId } });
    expect(entry).toMatchObject({ action: "project.transfer_ownership", actorVia: "SESSION:OVERRIDE" });
  });
});

describe("finding 10: staff deletion is a Project lead override", () => {
  it("a Team lead cannot delete a draft; a Project lead can", async () => {
    const { project } = await draftOf();
    const teamLead = await createUser({ roles: ["TEAM_LEAD"] });
    await expect(deleteProject(actorOf(teamLead), project.id, 1, testMeta())).rejects.toMatchObject({ status: 403 });
    const projectLead = await createUser({ roles: ["PROJECT_LEAD"] });
    await deleteProject(actorOf(projectLead), project.id, 1, testMeta());
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).deletedAt).not.toBeNull();
  });
});

describe("finding 11: profile moderation needs a higher rank", () => {
  it.each([
    ["a Team lead", ["TEAM_LEAD"] as const, 403],
    ["another Support member", ["SUPPORT"] as const, 403],
    ["a user", ["USER"] as const, 200],
  ])("Support renaming %s (%j): %i", async (_label, roles, expected) => {
    const support = await createUser({ roles: ["SUPPORT"] });
    const target = await createUser({ roles: [...roles] });
    const outcome = await updateUserAsStaff(actorOf(support), target.id, { displayName: "Renamed" }, target.version, testMeta()).then(
      () => 200,
      (error: { status: number }) => error.status,
    );
    expect(outcome).toBe(expected);
  });
});

describe("finding 12: the last Owner stays Owner on every path", () => {
  it("the Project lead override cannot demote the last Owner", async () => {
    const { owner, project, lead: projectLead } = await draftAndLead();
    const manager = project.roles.find((role) => role.key === "MANAGER")!;
    await expect(changeMemberRole(actorOf(projectLead), project.id, owner.id, manager.id, testMeta())).rejects.toMatchObject({
      status: 422,
    });
    const membership = await db.projectMember.findUniqueOrThrow({
      where: { projectId_userId: { projectId: project.id, userId: owner.id } },
      include: { role: true },
    });
    expect(membership.role.key).toBe("OWNER");
  });
});

describe("finding 13: Owner powers stay with the Owner role", () => {
  it("a custom role cannot hold project.delete", async () => {
    const { owner, project } = await draftOf();
    await expect(
      createRole(actorOf(owner), project.id, { name: "Co-owner", rank: 99, permissions: ["project.view", "project.delete"] }, testMeta()),
    ).rejects.toMatchObject({ status: 403 });
  });

  it("a custom role stored with project.delete does not let its holder delete once the Owner is suspended", async () => {
    const { owner, project } = await draftOf();
    const role = await db.projectRole.create({
      data: { projectId: project.id, name: "Co-owner", rank: 99, permissions: ["project.view", "project.delete"] },
    });
    const friend = await createUser();
    await addMemberWith(project.id, friend.id, role.id);
    await db.user.update({ where: { id: owner.id }, data: { partnerStatus: "SUSPENDED" } });
    await expect(deleteProject(actorOf(friend), project.id, 1, testMeta())).rejects.toMatchObject({ status: 403 });
  });
});

describe("findings 1 and 7: audit views show only what the reader could read anyway", () => {
  it("a warning about a project member leaves no trace in the project's or the platform's audit log for non-warning readers", async () => {
    const { owner, project } = await draftOf();
    const member = await createUser();
    await addMemberWith(project.id, member.id, "MANAGER");
    const support = await tokenFor((await createUser({ roles: ["SUPPORT"] })).id);
    const created = await call(warnings.POST, "POST", "/", {
      token: support,
      params: { id: member.id },
      body: { kind: "RULE_VIOLATION", severity: "HIGH", reason: `Spam ${unique()}`, projectId: project.id },
    });
    expect(created.status).toBe(201);
    const warningId = created.json!.id as string;
    const ownerView = await call(projectAudit.GET, "GET", "/", { token: await tokenFor(owner.id), params: { id: project.id } });
    expect(ownerView.status).toBe(200);
    expect(ownerView.text).not.toContain(warningId);
    expect(ownerView.text).not.toContain("warning.");
    const developer = await tokenFor((await createUser({ roles: ["DEVELOPER"] })).id);
    const developerView = await call(audit.GET, "GET", `/api/v1/audit?projectId=${project.id}`, { token: developer });
    expect(developerView.status).toBe(200);
    expect(developerView.text).not.toContain(warningId);
    const leadView = await call(audit.GET, "GET", `/api/v1/audit?projectId=${project.id}`, {
      token: await tokenFor((await createUser({ roles: ["TEAM_LEAD"] })).id),
    });
    expect(leadView.text).toContain(warningId);
  });

  it("personal fields in changes need users.readAny; IP addresses need staff", async () => {
    const user = await createUser();
    const birthday = "1990-04-01";
    const changed = await call(me.PUT, "PUT", "/", {
      token: await tokenFor(user.id),
      ip: "10.77.1.2",
      headers: { "if-match": `"v${user.version}"` },
      body: { dateOfBirth: birthday, displayName: "Shown" },
    });
    expect(changed.status).toBe(200);
    const requestId = changed.headers.get("x-request-id")!;
    const developer = await tokenFor((await createUser({ roles: ["DEVELOPER"] })).id);
    const developerView = await call(audit.GET, "GET", `/api/v1/audit?targetId=${user.id}&action=user.update_own`, { token: developer });
    const entry = (developerView.json!.data as { requestId: string; changes: Record<string, unknown>; ip: string | null }[]).find(
      (row) => row.requestId === requestId,
    )!;
    expect(entry.changes.displayName).toEqual({ before: `User ${user.username}`, after: "Shown" });
    expect(developerView.text).not.toContain(birthday);
    const leadView = await call(audit.GET, "GET", `/api/v1/audit?targetId=${user.id}&action=user.update_own`, {
      token: await tokenFor((await createUser({ roles: ["TEAM_LEAD"] })).id),
    });
    expect(leadView.text).toContain(birthday);
    expect(leadView.text).toContain("10.77.1.2");

    const { owner, project } = await draftOf();
    await call(one.PATCH, "PATCH", "/", {
      token: await tokenFor(owner.id),
      ip: "10.77.3.4",
      params: { id: project.id },
      headers: { "if-match": '"v1"' },
      body: { game: "Audited" },
    });
    const ownerView = await call(projectAudit.GET, "GET", "/", { token: await tokenFor(owner.id), params: { id: project.id } });
    expect(ownerView.status).toBe(200);
    expect(ownerView.text).not.toContain("10.77.3.4");
  });
});

describe("notifications go to whoever holds the permission, not to role names", () => {
  it("a member whose custom role holds project.submit hears the review outcome; a Tester does not", async () => {
    const { project } = await draftOf();
    const crew = await db.projectRole.create({
      data: { projectId: project.id, name: "Release crew", rank: 40, permissions: ["project.view", "project.submit"] },
    });
    const [submitter, tester] = [await createUser(), await createUser()];
    await addMemberWith(project.id, submitter.id, crew.id);
    await addMemberWith(project.id, tester.id, "TESTER");
    await db.project.update({ where: { id: project.id }, data: { status: "IN_REVIEW", submittedAt: new Date() } });
    const reviewer = await createUser({ roles: ["TEAM_LEAD"] });
    const response = await call(decision.POST, "POST", "/", {
      token: await tokenFor(reviewer.id),
      params: { projectId: project.id },
      body: {
        decision: "REJECT",
        checklist: { completeness: passed, quality: passed, guidelines: passed, security: passed },
        publicReason: "Not yet",
      },
    });
    expect(response.status).toBe(200);
    expect(await db.notification.count({ where: { userId: submitter.id } })).toBe(1);
    expect(await db.notification.count({ where: { userId: tester.id } })).toBe(0);
  });
});
