import { describe, expect, it } from "vitest";
import * as candidates from "@/app/api/v1/projects/[id]/member-candidates/route";
import { call } from "../testing/http";
import { db } from "../db/client";
import { Forbidden, NotFound } from "../errors";
import { actorOf, addMemberWith, createPartner, createProjectFor, createUser, tokenFor, unique } from "../testing/factories";
import { searchMemberCandidates, searchOwnerCandidates } from "./service";

describe("searching accounts to add to a team", () => {
  it("offers active accounts by username prefix or display name, not members, not suspended, public profile only", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner);
    const tag = unique("cand").toLowerCase();
    const free = await db.user.update({
      where: { id: (await createUser()).id },
      data: { username: `${tag}free`, usernameKey: `${tag}free`, displayName: "Free Person" },
    });
    const named = await db.user.update({ where: { id: (await createUser()).id }, data: { displayName: `Someone ${tag.toUpperCase()}` } });
    const member = await db.user.update({
      where: { id: (await createUser()).id },
      data: { username: `${tag}member`, usernameKey: `${tag}member` },
    });
    await addMemberWith(project.id, member.id, "MEMBER");
    const suspended = await db.user.update({
      where: { id: (await createUser({ suspended: true })).id },
      data: { username: `${tag}gone`, usernameKey: `${tag}gone` },
    });

    const found = await searchMemberCandidates(actorOf(owner), project.id, tag.toUpperCase());
    const ids = found.map((user) => user.userId);
    expect(ids).toContain(free.id);
    expect(ids).toContain(named.id);
    expect(ids).not.toContain(member.id);
    expect(ids).not.toContain(suspended.id);
    expect(Object.keys(found[0]).sort()).toEqual(["avatarUrl", "displayName", "userId", "username"]);
    // The e-mail address is never searched.
    expect(await searchMemberCandidates(actorOf(owner), project.id, free.email.split("@")[1]!)).not.toContainEqual(
      expect.objectContaining({ userId: free.id }),
    );
    expect(await searchMemberCandidates(actorOf(owner), project.id, " a ")).toEqual([]);
  });

  it("is for members who may manage the team only", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC" });
    const plain = await createUser();
    await addMemberWith(project.id, plain.id, "MEMBER");
    const stranger = await createUser();
    await expect(searchMemberCandidates(actorOf(plain), project.id, "ab")).rejects.toBeInstanceOf(Forbidden);
    await expect(searchMemberCandidates(actorOf(stranger), project.id, "ab")).rejects.toSatisfy(
      (error) => error instanceof Forbidden || error instanceof NotFound,
    );
    const manager = await createUser();
    await addMemberWith(project.id, manager.id, "MANAGER");
    await expect(searchMemberCandidates(actorOf(manager), project.id, "ab")).resolves.toBeInstanceOf(Array);
  });

  it("GET /projects/{id}/member-candidates: the same search over the API, 403 without members.manage, 400 for under 2 characters", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC" });
    const tag = unique("api").toLowerCase();
    const free = await db.user.update({ where: { id: (await createUser()).id }, data: { username: `${tag}x`, usernameKey: `${tag}x` } });
    const ok = await call(candidates.GET, "GET", `/?q=${tag}`, { token: await tokenFor(owner.id), params: { id: project.id } });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ data: [{ userId: free.id, username: free.username, displayName: free.displayName, avatarUrl: null }] });
    const plain = await createUser();
    await addMemberWith(project.id, plain.id, "MEMBER");
    expect((await call(candidates.GET, "GET", `/?q=${tag}`, { token: await tokenFor(plain.id), params: { id: project.id } })).status).toBe(
      403,
    );
    expect((await call(candidates.GET, "GET", "/?q=a", { token: await tokenFor(owner.id), params: { id: project.id } })).status).toBe(400);
  });

  it("Transfer ownership's search offers active partners (members or not), not the Owner, not plain users; only to who may transfer", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner);
    const tag = unique("own").toLowerCase();
    const named = async (user: { id: string }, suffix: string) =>
      db.user.update({ where: { id: user.id }, data: { username: `${tag}${suffix}`, usernameKey: `${tag}${suffix}` } });
    const partner = await named(await createPartner(), "partner");
    const managerPartner = await named(await createPartner(), "manager");
    await addMemberWith(project.id, managerPartner.id, "MANAGER");
    const plain = await named(await createUser(), "plain");
    const suspendedPartner = await named(await createUser({ roles: ["USER", "PARTNER"], partnerStatus: "SUSPENDED" }), "paused");
    await db.user.update({ where: { id: owner.id }, data: { username: `${tag}owner`, usernameKey: `${tag}owner` } });

    const ids = (await searchOwnerCandidates(actorOf(owner), project.id, tag)).map((user) => user.userId);
    expect(ids.sort()).toEqual([partner.id, managerPartner.id].sort());
    expect(ids).not.toContain(plain.id);
    expect(ids).not.toContain(suspendedPartner.id);
    await expect(searchOwnerCandidates(actorOf(managerPartner), project.id, tag)).rejects.toBeInstanceOf(Forbidden);
  });
});
