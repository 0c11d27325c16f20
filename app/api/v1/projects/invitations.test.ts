/**
 * Team invitations through the API (docs/projects.md, "Invitations"): the team invites, the invitee
 * accepts (joining the team in the same transaction) or declines, the team revokes; expiry, the
 * rank rules, token scopes, suspended accounts, someone else's invitation (404), two invitations
 * or two accepts at once, and the database's own one-pending rule.
 */
import { describe, expect, it } from "vitest";
import * as revokeRoute from "@/app/api/v1/projects/[id]/invitations/[invitationId]/revoke/route";
import * as invitationRoute from "@/app/api/v1/projects/[id]/invitations/[invitationId]/route";
import * as invitationsRoute from "@/app/api/v1/projects/[id]/invitations/route";
import * as roleRoute from "@/app/api/v1/projects/[id]/roles/[roleId]/route";
import * as rolesRoute from "@/app/api/v1/projects/[id]/roles/route";
import * as projectRoute from "@/app/api/v1/projects/[id]/route";
import * as acceptRoute from "@/app/api/v1/users/me/invitations/[invitationId]/accept/route";
import * as declineRoute from "@/app/api/v1/users/me/invitations/[invitationId]/decline/route";
import * as myInvitationsRoute from "@/app/api/v1/users/me/invitations/route";
import { db } from "@/lib/db/client";
import { INVITATION_TTL_DAYS } from "@/lib/invitations/schemas";
import { acceptInvitation, createInvitation } from "@/lib/invitations/service";
import { actorOf, addMemberWith, createPartner, createProjectFor, createUser, testMeta, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { fanOut } from "@/lib/webhooks/dispatcher";

async function team() {
  const owner = await createPartner();
  const project = await createProjectFor(owner);
  const roleId = (key: string) => project.roles.find((candidate) => candidate.key === key)!.id;
  return { owner, project, roleId, ownerToken: await tokenFor(owner.id, ["read", "write"]) };
}

type Json = Record<string, unknown>;

function invite(token: string, projectId: string, body: Json, headers: Record<string, string> = {}) {
  return call(invitationsRoute.POST, "POST", "/", { token, params: { id: projectId }, body, headers });
}
const accept = (token: string | undefined, invitationId: string) =>
  call(acceptRoute.POST, "POST", "/", { token, params: { invitationId } });
const decline = (token: string | undefined, invitationId: string) =>
  call(declineRoute.POST, "POST", "/", { token, params: { invitationId } });
const revoke = (token: string, projectId: string, invitationId: string) =>
  call(revokeRoute.POST, "POST", "/", { token, params: { id: projectId, invitationId } });
const mine = (token: string, query = "?status=PENDING") => call(myInvitationsRoute.GET, "GET", `/${query}`, { token });

describe("invitations", () => {
  it("are sent by the team, listed on both sides and accepted: the invitee joins with the invited role", async () => {
    const { owner, project, roleId, ownerToken } = await team();
    const invitee = await createUser();
    const inviteeToken = await tokenFor(invitee.id, ["read", "write"]);
    const before = Date.now();
    const sent = await invite(ownerToken, project.id, { username: invitee.username.toUpperCase(), roleId: roleId("DEVELOPER") });
    expect(sent.status).toBe(201);
    const invitation = sent.json as { id: string; expiresAt: string };
    expect(sent.headers.get("location")).toBe(`/api/v1/projects/${project.id}/invitations/${invitation.id}`);
    expect(sent.json).toMatchObject({
      status: "PENDING",
      userId: invitee.id,
      role: { key: "DEVELOPER" },
      project: { id: project.id, slug: project.slug, name: project.name },
      invitee: { id: invitee.id, username: invitee.username },
      invitedBy: { id: owner.id },
      decidedAt: null,
    });
    const ttl = new Date(invitation.expiresAt).getTime() - before;
    expect(Math.abs(ttl - INVITATION_TTL_DAYS * 86_400_000)).toBeLessThan(60_000);

    // Not a member yet: the draft does not exist for the invitee, the invitation does.
    expect((await call(projectRoute.GET, "GET", "/", { token: inviteeToken, params: { id: project.id } })).status).toBe(404);
    expect(((await mine(inviteeToken)).json!.data as { id: string }[]).map((row) => row.id)).toEqual([invitation.id]);
    const listed = await call(invitationsRoute.GET, "GET", "/?status=PENDING", { token: ownerToken, params: { id: project.id } });
    expect((listed.json!.data as { id: string }[]).map((row) => row.id)).toEqual([invitation.id]);
    const one = await call(invitationRoute.GET, "GET", "/", { token: ownerToken, params: { id: project.id, invitationId: invitation.id } });
    expect(one.json).toMatchObject({ id: invitation.id, status: "PENDING" });

    const accepted = await accept(inviteeToken, invitation.id);
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ status: "ACCEPTED" });
    expect((accepted.json as { decidedAt: string | null }).decidedAt).not.toBeNull();
    const member = await db.projectMember.findUniqueOrThrow({
      where: { projectId_userId: { projectId: project.id, userId: invitee.id } },
      include: { role: true },
    });
    expect(member.role.key).toBe("DEVELOPER");
    expect((await call(projectRoute.GET, "GET", "/", { token: inviteeToken, params: { id: project.id } })).status).toBe(200);
    expect((await mine(inviteeToken)).json!.data).toEqual([]);

    const again = await accept(inviteeToken, invitation.id);
    expect(again.status).toBe(409);
    expect(again.json!.code).toBe("invitation_settled");

    const audit = await db.auditEntry.findMany({ where: { projectId: project.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual(["project.create", "invitation.create", "invitation.accept", "member.add"]);
    expect(audit.find((entry) => entry.action === "member.add")).toMatchObject({ actorId: invitee.id, targetId: invitee.id });
    const events = await db.event.findMany({ where: { projectId: project.id, type: { startsWith: "invitation." } } });
    expect(events.map((event) => event.type).sort()).toEqual(["invitation.accepted", "invitation.created"]);
  });

  it("tell the invitee, and the inviter of the answer", async () => {
    const { owner, project, roleId, ownerToken } = await team();
    const [first, second] = [await createUser(), await createUser()];
    const a = await invite(ownerToken, project.id, { userId: first.id, roleId: roleId("TESTER") });
    const b = await invite(ownerToken, project.id, { userId: second.id, roleId: roleId("MEMBER") });
    expect(await accept(await tokenFor(first.id), a.json!.id as string)).toMatchObject({ status: 200 });
    expect(await decline(await tokenFor(second.id), b.json!.id as string)).toMatchObject({ status: 200 });
    // What the background dispatcher does within a second; another test file's fanOut may take some of these events.
    const told = () =>
      db.notification.count({ where: { userId: { in: [first.id, second.id, owner.id] }, kind: { startsWith: "invitation." } } });
    // Under a loaded machine the dispatching can take seconds (expect.poll waits 1 s by default).
    await expect
      .poll(
        async () => {
          await fanOut();
          return told();
        },
        { timeout: 20_000 },
      )
      .toBe(4);
    const invited = await db.notification.findFirstOrThrow({ where: { userId: first.id, kind: "invitation.new" } });
    expect(invited).toMatchObject({ link: "/my-projects" });
    expect(invited.params).toMatchObject({ project: project.name, inviter: owner.displayName, roleKey: "TESTER" });
    expect(invited.title).toBe(`${project.name}: you are invited to the team`);
    expect(await db.notification.count({ where: { userId: second.id, kind: "invitation.new" } })).toBe(1);
    // Joining by one's own accept is not news to oneself.
    expect(await db.notification.count({ where: { userId: first.id, kind: "member.added" } })).toBe(0);
    const answers = await db.notification.findMany({ where: { userId: owner.id, kind: { startsWith: "invitation." } } });
    expect(answers.map((row) => row.kind).sort()).toEqual(["invitation.accepted", "invitation.declined"]);
  });

  it("refuse a member (409), a second pending one (409), and take a new one once revoked, declined or expired", async () => {
    const { project, roleId, ownerToken, owner } = await team();
    const invitee = await createUser();
    const inviteeToken = await tokenFor(invitee.id);
    const body = { userId: invitee.id, roleId: roleId("MEMBER") };
    const selfInvite = await invite(ownerToken, project.id, { userId: owner.id, roleId: roleId("MEMBER") });
    expect(selfInvite.json).toMatchObject({ status: 409, code: "already_member" });

    const first = await invite(ownerToken, project.id, body);
    expect(first.status).toBe(201);
    const twice = await invite(ownerToken, project.id, body);
    expect(twice.json).toMatchObject({ status: 409, code: "invitation_pending" });

    const revoked = await revoke(ownerToken, project.id, first.json!.id as string);
    expect(revoked.json).toMatchObject({ status: "REVOKED" });
    expect((await revoke(ownerToken, project.id, first.json!.id as string)).json).toMatchObject({ code: "invitation_settled" });
    expect((await accept(inviteeToken, first.json!.id as string)).json).toMatchObject({ status: 409, code: "invitation_settled" });

    const second = await invite(ownerToken, project.id, body);
    expect(second.status).toBe(201);
    expect((await decline(inviteeToken, second.json!.id as string)).json).toMatchObject({ status: "DECLINED" });
    expect((await accept(inviteeToken, second.json!.id as string)).json).toMatchObject({ status: 409, code: "invitation_settled" });
    expect((await decline(inviteeToken, second.json!.id as string)).status).toBe(409);

    const third = await invite(ownerToken, project.id, body);
    expect(third.status).toBe(201);
    await db.projectInvitation.update({ where: { id: third.json!.id as string }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await mine(inviteeToken, "?status=EXPIRED")).json!.data).toMatchObject([{ id: third.json!.id, status: "EXPIRED" }]);
    expect((await mine(inviteeToken)).json!.data).toEqual([]);
    expect((await accept(inviteeToken, third.json!.id as string)).json).toMatchObject({ status: 409, code: "invitation_expired" });
    expect((await revoke(ownerToken, project.id, third.json!.id as string)).json).toMatchObject({ code: "invitation_expired" });
    const fourth = await invite(ownerToken, project.id, body);
    expect(fourth.status).toBe(201);
    expect(await db.projectInvitation.findUniqueOrThrow({ where: { id: third.json!.id as string } })).toMatchObject({ status: "EXPIRED" });

    const all = await call(invitationsRoute.GET, "GET", "/", { token: ownerToken, params: { id: project.id } });
    expect((all.json!.data as { status: string }[]).map((row) => row.status)).toEqual(["PENDING", "EXPIRED", "DECLINED", "REVOKED"]);
    expect(await db.projectMember.count({ where: { projectId: project.id, userId: invitee.id } })).toBe(0);
  });

  it("are someone else's: 404 to accept, decline or list, and 404 for an unknown id", async () => {
    const { project, roleId, ownerToken } = await team();
    const [invitee, other] = [await createUser(), await createUser()];
    const sent = await invite(ownerToken, project.id, { userId: invitee.id, roleId: roleId("MEMBER") });
    const otherToken = await tokenFor(other.id);
    const id = sent.json!.id as string;
    expect((await accept(otherToken, id)).status).toBe(404);
    expect((await decline(otherToken, id)).status).toBe(404);
    expect((await mine(otherToken, "")).json!.data).toEqual([]);
    expect((await accept(await tokenFor(invitee.id), "no-such-invitation")).status).toBe(404);
    // The project's side: a stranger does not see the project at all.
    expect((await call(invitationRoute.GET, "GET", "/", { token: otherToken, params: { id: project.id, invitationId: id } })).status).toBe(
      404,
    );
    expect((await revoke(otherToken, project.id, id)).status).toBe(404);
    // Another project's invitation is not this project's.
    const elsewhere = await team();
    expect((await revoke(elsewhere.ownerToken, elsewhere.project.id, id)).status).toBe(404);
    // A deleted project's invitations are gone for the invitee.
    await db.project.update({ where: { id: project.id }, data: { deletedAt: new Date() } });
    expect((await accept(await tokenFor(invitee.id), id)).status).toBe(404);
    expect((await mine(await tokenFor(invitee.id), "")).json!.data).toEqual([]);
  });

  it.each([
    ["a Manager invites as Manager (own rank)", "MANAGER", "MANAGER", 403],
    ["a Manager invites as Developer", "MANAGER", "DEVELOPER", 201],
    ["a Moderator invites (no members.manage)", "MODERATOR", "MEMBER", 403],
    ["the Owner invites as Owner (only by transfer)", "OWNER", "OWNER", 422],
    ["a suspended partner, Owner on paper, invites", "SUSPENDED_OWNER", "MEMBER", 403],
  ])("%s: %s invites as %s → %i", async (_label, actorRole, givenRole, status) => {
    const { project, roleId, owner } = await team();
    const actor =
      actorRole === "OWNER"
        ? owner
        : actorRole === "SUSPENDED_OWNER"
          ? await createUser({ roles: ["USER", "PARTNER"], partnerStatus: "SUSPENDED" })
          : await createUser();
    if (actorRole !== "OWNER") await addMemberWith(project.id, actor.id, actorRole === "SUSPENDED_OWNER" ? "OWNER" : actorRole);
    const target = await createUser();
    const response = await invite(await tokenFor(actor.id), project.id, { userId: target.id, roleId: roleId(givenRole) });
    expect(response.status).toBe(status);
    expect(await db.projectInvitation.count({ where: { projectId: project.id, userId: target.id } })).toBe(status === 201 ? 1 : 0);
  });

  it("are revoked only below one's own rank", async () => {
    const { project, roleId, ownerToken } = await team();
    const manager = await createUser();
    await addMemberWith(project.id, manager.id, "MANAGER");
    const managerToken = await tokenFor(manager.id);
    const [a, b] = [await createUser(), await createUser()];
    const asManager = await invite(ownerToken, project.id, { userId: a.id, roleId: roleId("MANAGER") });
    const asTester = await invite(ownerToken, project.id, { userId: b.id, roleId: roleId("TESTER") });
    expect((await revoke(managerToken, project.id, asManager.json!.id as string)).status).toBe(403);
    expect((await revoke(managerToken, project.id, asTester.json!.id as string)).status).toBe(200);
  });

  it("go only to active accounts; a suspended invitee cannot answer", async () => {
    const { project, roleId, ownerToken } = await team();
    const suspended = await createUser({ suspended: true });
    const refused = await invite(ownerToken, project.id, { userId: suspended.id, roleId: roleId("MEMBER") });
    expect(refused.status).toBe(400);
    expect((refused.json!.errors as { path: string }[])[0].path).toBe("userId");
    const deleted = await createUser();
    await db.user.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    expect((await invite(ownerToken, project.id, { userId: deleted.id, roleId: roleId("MEMBER") })).status).toBe(400);
    expect((await invite(ownerToken, project.id, { username: "nobody-at-all", roleId: roleId("MEMBER") })).status).toBe(400);

    const invitee = await createUser();
    const token = await tokenFor(invitee.id);
    const sent = await invite(ownerToken, project.id, { userId: invitee.id, roleId: roleId("MEMBER") });
    await db.user.update({ where: { id: invitee.id }, data: { suspendedAt: new Date() } });
    expect((await accept(token, sent.json!.id as string)).status).toBe(401);
    expect(await db.projectMember.count({ where: { projectId: project.id, userId: invitee.id } })).toBe(0);
  });

  it("need the token's scopes: read lists, write answers and invites", async () => {
    const { project, roleId, owner } = await team();
    const invitee = await createUser();
    const ownerRead = await tokenFor(owner.id, ["read"]);
    expect((await invite(ownerRead, project.id, { userId: invitee.id, roleId: roleId("MEMBER") })).json).toMatchObject({
      status: 403,
      code: "insufficient_scope",
    });
    const sent = await invite(await tokenFor(owner.id, ["write"]), project.id, { userId: invitee.id, roleId: roleId("MEMBER") });
    expect(sent.status).toBe(201);
    const inviteeRead = await tokenFor(invitee.id, ["read"]);
    expect((await mine(inviteeRead)).status).toBe(200);
    expect((await accept(inviteeRead, sent.json!.id as string)).json).toMatchObject({ status: 403, code: "insufficient_scope" });
    expect((await decline(inviteeRead, sent.json!.id as string)).status).toBe(403);
    expect((await accept(undefined, sent.json!.id as string)).status).toBe(401);
    expect(await db.projectInvitation.findUniqueOrThrow({ where: { id: sent.json!.id as string } })).toMatchObject({ status: "PENDING" });
  });

  it("whose role was deleted cannot be accepted", async () => {
    const { project, ownerToken } = await team();
    const created = await call(rolesRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: { name: "Scout", permissions: ["project.view"], rank: 15 },
    });
    const invitee = await createUser();
    const sent = await invite(ownerToken, project.id, { userId: invitee.id, roleId: created.json!.id as string });
    const deleted = await call(roleRoute.DELETE, "DELETE", "/", {
      token: ownerToken,
      params: { id: project.id, roleId: created.json!.id as string },
    });
    expect(deleted.status).toBe(204);
    const answer = await accept(await tokenFor(invitee.id), sent.json!.id as string);
    expect(answer.json).toMatchObject({ status: 409, code: "invitation_role_gone" });
    expect((await mine(await tokenFor(invitee.id))).json!.data).toMatchObject([{ role: null }]);
  });

  it("replay a create with the same Idempotency-Key", async () => {
    const { project, roleId, ownerToken } = await team();
    const invitee = await createUser();
    const body = { userId: invitee.id, roleId: roleId("MEMBER") };
    const headers = { "idempotency-key": `invite-${project.id}` };
    const [a, b] = [await invite(ownerToken, project.id, body, headers), await invite(ownerToken, project.id, body, headers)];
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.json!.id).toBe(a.json!.id);
    expect(await db.projectInvitation.count({ where: { projectId: project.id } })).toBe(1);
  });
});

describe("invitations at the same time", () => {
  it("keep one pending invitation of two sent at once", async () => {
    const { project, roleId, owner } = await team();
    const invitee = await createUser();
    const send = () => createInvitation(actorOf(owner), project.id, { userId: invitee.id, roleId: roleId("MEMBER") }, testMeta());
    const results = await Promise.allSettled([send(), send(), send()]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 409, code: "invitation_pending" });
    }
    expect(await db.projectInvitation.count({ where: { projectId: project.id, userId: invitee.id, status: "PENDING" } })).toBe(1);
  });

  it("let one of two accepts at once count: one membership", async () => {
    const { project, roleId, owner } = await team();
    const invitee = await createUser();
    const sent = await createInvitation(actorOf(owner), project.id, { userId: invitee.id, roleId: roleId("TESTER") }, testMeta());
    const results = await Promise.allSettled([
      acceptInvitation(actorOf(invitee), sent.id, testMeta()),
      acceptInvitation(actorOf(invitee), sent.id, testMeta()),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { status: 409, code: "invitation_settled" } });
    expect(await db.projectMember.count({ where: { projectId: project.id, userId: invitee.id } })).toBe(1);
    expect(await db.auditEntry.count({ where: { projectId: project.id, action: "member.add" } })).toBe(1);
  });

  it("are one pending per project and account in the database itself", async () => {
    const { project, roleId, owner } = await team();
    const invitee = await createUser();
    const row = { projectId: project.id, userId: invitee.id, roleId: roleId("MEMBER"), invitedById: owner.id, expiresAt: new Date() };
    await db.projectInvitation.create({ data: row });
    await expect(db.projectInvitation.create({ data: row })).rejects.toMatchObject({ code: "P2002" });
    // Settled ones do not count.
    await db.projectInvitation.create({ data: { ...row, status: "DECLINED" } });
    await db.projectInvitation.create({ data: { ...row, status: "DECLINED" } });
  });
});
