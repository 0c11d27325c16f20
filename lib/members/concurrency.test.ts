import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { actorOf, addMemberWith, createPartner, createProjectFor, testMeta } from "../testing/factories";
import { changeMemberRole, removeMember, transferOwnership } from "./service";

const TRIALS = 20;

async function owners(projectId: string) {
  return db.projectMember.count({ where: { projectId, role: { key: "OWNER" } } });
}

/**
 * Team invariants under concurrency: after any interleaving of transfers, leaves, removals and
 * role changes the project has exactly one Owner. Meaningful on PostgreSQL (several connections);
 * the embedded database runs one transaction at a time anyway.
 */
describe("team invariants under concurrent requests", () => {
  it(`keeps exactly one Owner through ${TRIALS} concurrent mixes of transfers, leaves, removals and role changes`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const owner = await createPartner();
      const [b, c, d] = await Promise.all([createPartner(), createPartner(), createPartner()]);
      const project = await createProjectFor(owner);
      await addMemberWith(project.id, b.id, "MANAGER");
      await addMemberWith(project.id, c.id, "MEMBER");
      await addMemberWith(project.id, d.id, "TESTER");
      const tester = project.roles.find((role) => role.key === "TESTER")!;
      const moves = [
        () => transferOwnership(actorOf(owner), project.id, b.id, testMeta()),
        () => transferOwnership(actorOf(owner), project.id, c.id, testMeta()),
        () => transferOwnership(actorOf(owner), project.id, d.id, testMeta()),
        () => removeMember(actorOf(owner), project.id, owner.id, testMeta()),
        () => removeMember(actorOf(b), project.id, b.id, testMeta()),
        () => removeMember(actorOf(owner), project.id, c.id, testMeta()),
        () => changeMemberRole(actorOf(owner), project.id, d.id, tester.id, testMeta()),
      ];
      // A different order each trial, all sent at once.
      const shuffled = moves.map((move, index) => ({ move, key: (index * 7 + trial * 3) % moves.length })).sort((x, y) => x.key - y.key);
      await Promise.allSettled(shuffled.map(({ move }) => move()));
      expect(await owners(project.id), `trial ${trial}`).toBe(1);
    }
    // Twenty trials of four users each: minutes on a busy two-core machine, seconds on a quiet one.
  }, 180_000);

  it("lets only one of two Owners leave at once", async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const first = await createPartner();
      const second = await createPartner();
      const project = await createProjectFor(first);
      await addMemberWith(project.id, second.id, "OWNER");
      const results = await Promise.allSettled([
        removeMember(actorOf(first), project.id, first.id, testMeta()),
        removeMember(actorOf(second), project.id, second.id, testMeta()),
      ]);
      expect(
        results.filter((result) => result.status === "fulfilled"),
        `trial ${trial}`,
      ).toHaveLength(1);
      expect(await owners(project.id)).toBe(1);
    }
  });
});
