import { beforeAll, describe, expect, it } from "vitest";
import * as history from "@/app/api/v1/projects/[id]/history/route";
import * as status from "@/app/api/v1/projects/[id]/status/route";
import { db } from "@/lib/db/client";
import { PROJECT_STATUSES, type ProjectStatus } from "@/lib/permissions";
import { addMemberWith, createPartner, createProjectFor, createUser, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

// DESIGN.md's transition table, restated: from → to: who.
const DESIGN: Record<string, ("team" | "moderator" | "reviewer")[]> = {
  "DRAFT→IN_REVIEW": ["team"],
  "IN_REVIEW→DRAFT": ["team"],
  "IN_REVIEW→PUBLISHED": ["reviewer"],
  "IN_REVIEW→REJECTED": ["reviewer"],
  "REJECTED→IN_REVIEW": ["team"],
  "REJECTED→DRAFT": ["team"],
  "PUBLISHED→ARCHIVED": ["team", "moderator"],
  "PUBLISHED→REJECTED": ["moderator"],
  "ARCHIVED→DRAFT": ["team"],
};
const ACTORS = {
  owner: { team: true, moderator: false, member: true },
  manager: { team: true, moderator: false, member: true },
  tester: { team: false, moderator: false, member: true },
  outsider: { team: false, moderator: false, member: false },
  support: { team: false, moderator: false, member: false, readsAny: true },
  teamLead: { team: false, moderator: true, member: false, readsAny: true },
  projectLead: { team: true, moderator: true, member: false, readsAny: true },
} as const;
type ActorName = keyof typeof ACTORS;

function expected(actorName: ActorName, from: ProjectStatus, to: ProjectStatus): number {
  const actor = ACTORS[actorName];
  const visible = actor.member || "readsAny" in actor || from === "PUBLISHED" || from === "ARCHIVED";
  if (!visible) return 404;
  if (!actor.team && !actor.moderator) return 403;
  const who = DESIGN[`${from}→${to}`] ?? [];
  return (actor.team && who.includes("team")) || (actor.moderator && who.includes("moderator")) ? 200 : 422;
}

const tokens: Partial<Record<ActorName, string>> = {};
let owner: Awaited<ReturnType<typeof createPartner>>;
const people: Record<string, { id: string }> = {};

beforeAll(async () => {
  owner = await createPartner();
  people.manager = await createUser();
  people.tester = await createUser();
  tokens.owner = await tokenFor(owner.id);
  tokens.manager = await tokenFor(people.manager.id);
  tokens.tester = await tokenFor(people.tester.id);
  tokens.outsider = await tokenFor((await createUser()).id);
  tokens.support = await tokenFor((await createUser({ roles: ["SUPPORT"] })).id);
  tokens.teamLead = await tokenFor((await createUser({ roles: ["TEAM_LEAD"] })).id);
  tokens.projectLead = await tokenFor((await createUser({ roles: ["PROJECT_LEAD"] })).id);
});

/** A project in `from`, complete enough to be submitted. */
async function projectIn(from: ProjectStatus) {
  const project = await createProjectFor(owner, { status: from, visibility: "PUBLIC" });
  await db.project.update({
    where: { id: project.id },
    data: {
      description: "A complete description of this project, long enough.",
      logoUrl: "https://cdn.example/logo.png",
      submittedAt: from === "IN_REVIEW" ? new Date() : null,
    },
  });
  await addMemberWith(project.id, people.manager.id, "MANAGER");
  await addMemberWith(project.id, people.tester.id, "TESTER");
  return project;
}

describe.each(Object.keys(ACTORS) as ActorName[])("the status workflow for %s", (actorName) => {
  it.each(PROJECT_STATUSES.flatMap((from) => PROJECT_STATUSES.map((to) => ({ from, to }))))("$from → $to", async ({ from, to }) => {
    const project = await projectIn(from);
    const response = await call(status.POST, "POST", "/", {
      token: tokens[actorName],
      params: { id: project.id },
      body: { status: to, reason: "Because" },
    });
    const want = expected(actorName, from, to);
    expect(response.status, JSON.stringify(response.json)).toBe(want);
    const after = await db.project.findUniqueOrThrow({ where: { id: project.id } });
    expect(after.status).toBe(want === 200 ? to : from);
    if (want === 422) expect(response.json).toHaveProperty("allowed");
    if (want === 200) {
      const transition = await db.statusTransition.findFirstOrThrow({ where: { projectId: project.id }, orderBy: { createdAt: "desc" } });
      expect(transition).toMatchObject({ from, to, reason: "Because" });
      expect(await db.auditEntry.count({ where: { projectId: project.id, action: "project.status" } })).toBe(1);
    }
  });
});

describe("submitting", () => {
  it("refuses an incomplete project with the list of what is missing (Launcher integration without Downloads included)", async () => {
    const project = await createProjectFor(owner, { modules: ["LAUNCHER", "CREATOR_SUPPORT"] });
    const response = await call(status.POST, "POST", "/", {
      token: tokens.owner,
      params: { id: project.id },
      body: { status: "IN_REVIEW" },
    });
    expect(response.status).toBe(422);
    expect((response.json!.missing as { path: string }[]).map((item) => item.path)).toEqual([
      "description",
      "logoUrl",
      "modules",
      "launcher",
      "settings.supportLinks",
    ]);
    const read = await call(history.GET, "GET", "/", { token: tokens.owner, params: { id: project.id } });
    expect((read.json!.missing as unknown[]).length).toBe(5);
  });

  it("requires a public reason for a take-down", async () => {
    const project = await projectIn("PUBLISHED");
    const response = await call(status.POST, "POST", "/", {
      token: tokens.teamLead,
      params: { id: project.id },
      body: { status: "REJECTED" },
    });
    expect(response.status).toBe(400);
  });

  it("shows the history to the team and not to a visible outsider", async () => {
    const project = await projectIn("DRAFT");
    await call(status.POST, "POST", "/", { token: tokens.owner, params: { id: project.id }, body: { status: "IN_REVIEW" } });
    const read = await call(history.GET, "GET", "/", { token: tokens.tester, params: { id: project.id } });
    expect(read.json).toMatchObject({
      status: "IN_REVIEW",
      queue: { position: expect.any(Number) },
      transitions: [{ from: "DRAFT", to: "IN_REVIEW" }],
    });
    await db.project.update({ where: { id: project.id }, data: { status: "PUBLISHED" } });
    expect((await call(history.GET, "GET", "/", { token: tokens.outsider, params: { id: project.id } })).status).toBe(403);
  });
});
