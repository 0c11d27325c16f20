import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { addMemberWith, createDownload, createPartner, createProjectFor, createUser } from "@/lib/testing/factories";
import { featuredProjects, recentlyPublishedProjects } from "./showcase";

async function downloaded(projectId: string, count: number) {
  await createDownload(projectId, { downloadCount: count });
}

describe("home page shelves", () => {
  it("features published PUBLIC projects: most downloaded first, then the larger team; never private, draft or deleted ones", async () => {
    const owner = await createPartner();
    const downloads = { status: "PUBLISHED" as const, modules: ["DOWNLOADS" as const] };
    const most = await createProjectFor(owner, downloads);
    const second = await createProjectFor(owner, downloads);
    const bigTeam = await createProjectFor(owner, { status: "PUBLISHED" });
    const smallTeam = await createProjectFor(owner, { status: "PUBLISHED" });
    const hidden = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PRIVATE" });
    const byApplication = await createProjectFor(owner, { status: "PUBLISHED", visibility: "APPLICATION_ONLY" });
    const draft = await createProjectFor(owner, { status: "DRAFT" });
    const deleted = await createProjectFor(owner, { status: "PUBLISHED" });
    await db.project.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    await downloaded(most.id, 2_000_000_000);
    await downloaded(second.id, 1_000_000_000);
    await downloaded(second.id, 5);
    for (const project of [hidden, byApplication, draft, deleted]) await downloaded(project.id, 2_100_000_000);
    for (let i = 0; i < 3; i++) await addMemberWith(bigTeam.id, (await createUser()).id, "MEMBER");

    const featured = (await featuredProjects(1000)).map((project) => project.id);
    const order = [most.id, second.id, bigTeam.id, smallTeam.id].map((id) => featured.indexOf(id));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(featured.slice(0, 2)).toEqual([most.id, second.id]);
    for (const project of [hidden, byApplication, draft, deleted]) expect(featured).not.toContain(project.id);
    expect(await featuredProjects(1)).toHaveLength(1);
  });

  it("ranks by downloads only projects whose DOWNLOADS module is on (DESIGN §4: an off module counts nowhere)", async () => {
    const owner = await createPartner();
    const switchedOff = await createProjectFor(owner, { status: "PUBLISHED" });
    const team = await createProjectFor(owner, { status: "PUBLISHED" });
    await downloaded(switchedOff.id, 2_147_000_000);
    for (let i = 0; i < 40; i++) await addMemberWith(team.id, (await createUser()).id, "MEMBER");
    const featured = (await featuredProjects(1000)).map((project) => project.id);
    expect(featured.indexOf(team.id)).toBeLessThan(featured.indexOf(switchedOff.id));
  });

  it("lists recently published listed projects, newest publication first", async () => {
    const owner = await createPartner();
    const older = await createProjectFor(owner, { status: "PUBLISHED" });
    const newer = await createProjectFor(owner, { status: "PUBLISHED", visibility: "APPLICATION_ONLY" });
    const hidden = await createProjectFor(owner, { status: "PUBLISHED", visibility: "LAUNCHER" });
    const archived = await createProjectFor(owner, { status: "ARCHIVED" });
    const future = new Date(Date.now() + 86_400_000);
    await db.project.update({ where: { id: older.id }, data: { publishedAt: future } });
    await db.project.update({ where: { id: newer.id }, data: { publishedAt: new Date(future.getTime() + 1000) } });
    await db.project.update({ where: { id: hidden.id }, data: { publishedAt: new Date(future.getTime() + 2000) } });
    const recent = (await recentlyPublishedProjects(2)).map((project) => project.id);
    expect(recent).toEqual([newer.id, older.id]);
    expect((await recentlyPublishedProjects(1000)).map((project) => project.id)).not.toContain(archived.id);
    // The home page passes the featured projects to leave out: each project is on the page once.
    expect((await recentlyPublishedProjects(1, [newer.id])).map((project) => project.id)).toEqual([older.id]);
  });
});
