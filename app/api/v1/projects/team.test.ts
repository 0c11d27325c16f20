import { describe, expect, it } from "vitest";
import * as member from "@/app/api/v1/projects/[id]/members/[userId]/route";
import * as members from "@/app/api/v1/projects/[id]/members/route";
import * as role from "@/app/api/v1/projects/[id]/roles/[roleId]/route";
import * as roles from "@/app/api/v1/projects/[id]/roles/route";
import * as transfer from "@/app/api/v1/projects/[id]/transfer-ownership/route";
import { db } from "@/lib/db/client";
import { addMemberWith, createPartner, createProjectFor, createUser, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

async function team() {
  const owner = await createPartner();
  const project = await createProjectFor(owner);
  const roleId = (key: string) => project.roles.find((candidate) => candidate.key === key)!.id;
  return { owner, project, roleId, ownerToken: await tokenFor(owner.id) };
}

describe("the team", () => {
  it("adds members by username or id, lists them by rank, changes roles and removes them", async () => {
    const { project, roleId, ownerToken } = await team();
    const [alice, bob] = [await createUser(), await createUser()];
    const params = { id: project.id };
    const added = await call(members.POST, "POST", "/", {
      token: ownerToken,
      params,
      body: { username: alice.username.toUpperCase(), roleId: roleId("DEVELOPER") },
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ userId: alice.id, role: { key: "DEVELOPER" } });
    expect(
      (await call(members.POST, "POST", "/", { token: ownerToken, params, body: { userId: bob.id, roleId: roleId("MEMBER") } })).status,
    ).toBe(201);
    expect(
      (await call(members.POST, "POST", "/", { token: ownerToken, params, body: { userId: bob.id, roleId: roleId("MEMBER") } })).status,
    ).toBe(409);
    const listed = await call(members.GET, "GET", "/", { token: await tokenFor(bob.id), params });
    expect((listed.json!.data as { role: { key: string } }[]).map((entry) => entry.role.key)).toEqual(["OWNER", "DEVELOPER", "MEMBER"]);
    const changed = await call(member.PUT, "PUT", "/", {
      token: ownerToken,
      params: { id: project.id, userId: bob.id },
      body: { roleId: roleId("TESTER") },
    });
    expect(changed.json).toMatchObject({ role: { key: "TESTER" } });
    expect((await call(member.DELETE, "DELETE", "/", { token: ownerToken, params: { id: project.id, userId: bob.id } })).status).toBe(204);
    expect(await db.projectMember.count({ where: { projectId: project.id } })).toBe(2);
    expect(await db.auditEntry.count({ where: { projectId: project.id, action: { startsWith: "member." } } })).toBe(4);
  });

  it.each([
    ["a Manager gives a Manager role (own rank)", "MANAGER", "MANAGER", 403],
    ["a Manager gives Developer", "MANAGER", "DEVELOPER", 201],
    ["a Moderator adds anyone (no members.manage)", "MODERATOR", "MEMBER", 403],
    ["the Owner gives Owner (only by transfer)", "OWNER", "OWNER", 422],
  ])("%s → %i", async (_label, actorRole, givenRole, status) => {
    const { project, roleId, owner } = await team();
    const actor = actorRole === "OWNER" ? owner : await createUser();
    if (actorRole !== "OWNER") await addMemberWith(project.id, actor.id, actorRole);
    const target = await createUser();
    const response = await call(members.POST, "POST", "/", {
      token: await tokenFor(actor.id),
      params: { id: project.id },
      body: { userId: target.id, roleId: roleId(givenRole) },
    });
    expect(response.status).toBe(status);
    expect(await db.projectMember.count({ where: { projectId: project.id, userId: target.id } })).toBe(status === 201 ? 1 : 0);
  });

  it("never lets a member manage someone of equal or higher rank", async () => {
    const { project, roleId, owner } = await team();
    const [managerA, managerB] = [await createUser(), await createUser()];
    await addMemberWith(project.id, managerA.id, "MANAGER");
    await addMemberWith(project.id, managerB.id, "MANAGER");
    const token = await tokenFor(managerA.id);
    expect(
      (await call(member.PUT, "PUT", "/", { token, params: { id: project.id, userId: managerB.id }, body: { roleId: roleId("MEMBER") } }))
        .status,
    ).toBe(403);
    expect((await call(member.DELETE, "DELETE", "/", { token, params: { id: project.id, userId: owner.id } })).status).toBe(403);
  });

  it("lets members leave, but never the last Owner", async () => {
    const { project, owner, ownerToken } = await team();
    const tester = await createUser();
    await addMemberWith(project.id, tester.id, "TESTER");
    expect(
      (await call(member.DELETE, "DELETE", "/", { token: await tokenFor(tester.id), params: { id: project.id, userId: tester.id } }))
        .status,
    ).toBe(204);
    const last = await call(member.DELETE, "DELETE", "/", { token: ownerToken, params: { id: project.id, userId: owner.id } });
    expect(last.status).toBe(422);
    expect(last.json).toMatchObject({ code: "last_owner" });
  });

  it("transfers ownership only to an ACTIVE partner; the old Owner becomes Manager", async () => {
    const { project, owner, ownerToken } = await team();
    const [user, partner] = [await createUser(), await createPartner()];
    expect(
      (await call(transfer.POST, "POST", "/", { token: ownerToken, params: { id: project.id }, body: { userId: user.id } })).status,
    ).toBe(422);
    const moved = await call(transfer.POST, "POST", "/", { token: ownerToken, params: { id: project.id }, body: { userId: partner.id } });
    expect(moved.status).toBe(200);
    const keys = Object.fromEntries(
      (moved.json!.data as { userId: string; role: { key: string } }[]).map((entry) => [entry.userId, entry.role.key]),
    );
    expect(keys).toEqual({ [partner.id]: "OWNER", [owner.id]: "MANAGER" });
    expect(
      (await call(transfer.POST, "POST", "/", { token: ownerToken, params: { id: project.id }, body: { userId: owner.id } })).status,
    ).toBe(403);
  });

  it("lets a Project lead's override assign a partner as Owner; moderation (Team lead) cannot", async () => {
    const { project } = await team();
    const [teamLead, lead, partner] = [
      await createUser({ roles: ["TEAM_LEAD"] }),
      await createUser({ roles: ["PROJECT_LEAD"] }),
      await createPartner(),
    ];
    expect(
      (
        await call(transfer.POST, "POST", "/", {
          token: await tokenFor(teamLead.id),
          params: { id: project.id },
          body: { userId: partner.id },
        })
      ).status,
    ).toBe(403);
    const response = await call(transfer.POST, "POST", "/", {
      token: await tokenFor(lead.id),
      params: { id: project.id },
      body: { userId: partner.id },
    });
    expect(response.status).toBe(200);
    const audit = await db.auditEntry.findFirstOrThrow({ where: { projectId: project.id, action: "project.transfer_ownership" } });
    expect(audit.actorVia).toBe("TOKEN:OVERRIDE");
  });

  it("suspends a suspended partner's Owner rights with the partner status", async () => {
    const { project, owner } = await team();
    await db.user.update({ where: { id: owner.id }, data: { partnerStatus: "SUSPENDED" } });
    const response = await call(members.POST, "POST", "/", {
      token: await tokenFor(owner.id),
      params: { id: project.id },
      body: { userId: (await createUser()).id, roleId: project.roles[0].id },
    });
    expect(response.status).toBe(403);
  });
});

describe("project roles", () => {
  it("creates, edits and deletes custom roles within the actor's own rank and permissions", async () => {
    const { project, ownerToken } = await team();
    const params = { id: project.id };
    const created = await call(roles.POST, "POST", "/", {
      token: ownerToken,
      params,
      body: { name: "Builder", permissions: ["project.view", "members.view", "pages.manage"], rank: 30 },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Builder", custom: true, memberCount: 0 });
    expect(
      (await call(roles.POST, "POST", "/", { token: ownerToken, params, body: { name: "builder", permissions: [], rank: 5 } })).status,
    ).toBe(409);
    expect(
      (await call(roles.POST, "POST", "/", { token: ownerToken, params, body: { name: "Boss", permissions: [], rank: 100 } })).status,
    ).toBe(400);
    expect(
      (await call(roles.POST, "POST", "/", { token: ownerToken, params, body: { name: "Bad", permissions: ["platform.admin"], rank: 5 } }))
        .status,
    ).toBe(400);
    const roleId = created.json!.id as string;
    const edited = await call(role.PUT, "PUT", "/", {
      token: ownerToken,
      params: { id: project.id, roleId },
      body: { name: "Master builder", permissions: ["project.view"], rank: 35 },
    });
    expect(edited.json).toMatchObject({ name: "Master builder", rank: 35, permissions: ["project.view"] });
    // The audit log keeps a role's whole definition, as it was and as it became.
    const logged = await db.auditEntry.findMany({ where: { targetId: roleId, action: { in: ["role.create", "role.update"] } } });
    expect(Object.fromEntries(logged.map((entry) => [entry.action, entry.changes]))).toEqual({
      "role.create": {
        name: { before: null, after: "Builder" },
        rank: { before: null, after: 30 },
        permissions: { before: null, after: ["project.view", "members.view", "pages.manage"] },
      },
      "role.update": {
        name: { before: "Builder", after: "Master builder" },
        rank: { before: 30, after: 35 },
        permissions: { before: ["project.view", "members.view", "pages.manage"], after: ["project.view"] },
      },
    });
    const listed = await call(roles.GET, "GET", "/", { token: ownerToken, params });
    expect((listed.json!.data as unknown[]).length).toBe(7);
  });

  it("keeps a Manager from defining a role with a permission the Manager lacks, or at their rank", async () => {
    const { project } = await team();
    const manager = await createUser();
    await addMemberWith(project.id, manager.id, "MANAGER");
    const token = await tokenFor(manager.id);
    const defineRole = async (name: string, permissions: string[], rank: number) =>
      (await call(roles.POST, "POST", "/", { token, params: { id: project.id }, body: { name, permissions, rank } })).status;
    expect(await defineRole("Deleter", ["project.delete"], 10)).toBe(403);
    expect(await defineRole("Peer", [], 80)).toBe(403);
    expect(await defineRole("Helper", ["project.view"], 15)).toBe(201);
  });

  it("refuses to delete a role in use (409) unless asked to move its members to Member", async () => {
    const { project, ownerToken } = await team();
    const created = await call(roles.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: { name: "Crew", permissions: ["project.view"], rank: 12 },
    });
    const roleId = created.json!.id as string;
    const crew = await createUser();
    await addMemberWith(project.id, crew.id, roleId);
    const refused = await call(role.DELETE, "DELETE", "/", { token: ownerToken, params: { id: project.id, roleId } });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: "role_in_use", memberCount: 1 });
    expect(
      (await call(role.DELETE, "DELETE", "/api/x?members=moveToMember", { token: ownerToken, params: { id: project.id, roleId } })).status,
    ).toBe(204);
    const moved = await db.projectMember.findFirstOrThrow({ where: { projectId: project.id, userId: crew.id }, include: { role: true } });
    expect(moved.role.key).toBe("MEMBER");
  });

  it("keeps the Owner role fixed and default roles named", async () => {
    const { project, roleId, ownerToken } = await team();
    expect(
      (
        await call(role.PUT, "PUT", "/", {
          token: ownerToken,
          params: { id: project.id, roleId: roleId("OWNER") },
          body: { name: "Owner", permissions: [], rank: 99 },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(role.PUT, "PUT", "/", {
          token: ownerToken,
          params: { id: project.id, roleId: roleId("TESTER") },
          body: { name: "QA", permissions: ["project.view"], rank: 20 },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(role.DELETE, "DELETE", "/", { token: ownerToken, params: { id: project.id, roleId: roleId("TESTER") } })).status,
    ).toBe(422);
  });
});
