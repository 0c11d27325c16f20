import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { actorOf, addMemberWith, createPartner, createProjectFor } from "../testing/factories";
import { MY_PROJECTS_PAGE_SIZE, myProjectsPage, pageNumber } from "./my-projects";

describe("pageNumber", () => {
  it.each([
    [undefined, 1],
    ["1", 1],
    ["7", 7],
    ["0", 1],
    ["-2", 1],
    ["2.5", 1],
    ["1e3", 1],
    ["abc", 1],
    ["99999999999", 1],
    [["2", "3"], 1],
  ])("%j is page %d", (value, page) => {
    expect(pageNumber(value as string | string[] | undefined)).toBe(page);
  });
});

describe("myProjectsPage", () => {
  it("lists the caller's teams, the most recently updated project first, with role and since; deleted projects are left out", async () => {
    const owner = await createPartner();
    const member = await createPartner();
    const older = await createProjectFor(owner, { name: "Older" });
    const newer = await createProjectFor(owner, { name: "Newer" });
    const own = await createProjectFor(member, { name: "Own" });
    const gone = await createProjectFor(owner, { name: "Gone" });
    for (const project of [older, newer, gone]) await addMemberWith(project.id, member.id, "TESTER");
    await db.project.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    const now = Date.now();
    for (const [project, age] of [
      [older, 3],
      [own, 2],
      [newer, 1],
    ] as const)
      await db.project.update({ where: { id: project.id }, data: { updatedAt: new Date(now - age * 60_000) } });

    const { rows, hasNext } = await myProjectsPage(actorOf(member), 1);
    expect(rows.map((row) => [row.project.name, row.role.key])).toEqual([
      ["Newer", "TESTER"],
      ["Own", "OWNER"],
      ["Older", "TESTER"],
    ]);
    expect(hasNext).toBe(false);
    expect(new Date(rows[0]!.since).getTime()).toBeGreaterThan(now - 60_000);
    // The owner's list is their own, not the member's.
    expect((await myProjectsPage(actorOf(owner), 1)).rows.map((row) => row.project.name).sort()).toEqual(["Newer", "Older"]);
  });

  it("pages by MY_PROJECTS_PAGE_SIZE without gaps or repeats", async () => {
    const member = await createPartner();
    const stamp = Date.now();
    // Many teams at once: copies of one project row, each with its own roles and the member as Tester.
    const count = MY_PROJECTS_PAGE_SIZE + 3;
    for (let index = 0; index < count; index++) {
      const copy = await db.project.create({
        data: {
          slug: `page-${stamp}-${index}`,
          name: `Page ${index}`,
          updatedAt: new Date(stamp - index * 1000),
          roles: { create: { key: "TESTER", name: "Tester", rank: 20 } },
        },
        include: { roles: true },
      });
      await db.projectMember.create({ data: { projectId: copy.id, userId: member.id, roleId: copy.roles[0]!.id } });
    }
    const first = await myProjectsPage(actorOf(member), 1);
    const second = await myProjectsPage(actorOf(member), 2);
    expect(first.rows).toHaveLength(MY_PROJECTS_PAGE_SIZE);
    expect(first.hasNext).toBe(true);
    expect(second.rows).toHaveLength(3);
    expect(second.hasNext).toBe(false);
    expect([...first.rows, ...second.rows].map((row) => row.project.name)).toEqual(
      Array.from({ length: count }, (_, index) => `Page ${index}`),
    );
    expect((await myProjectsPage(actorOf(member), 3)).rows).toEqual([]);
  });
});
