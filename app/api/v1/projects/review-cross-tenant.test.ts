/**
 * The review-integrity endpoints of a project (DESIGN §8.2) × every kind of caller × a project in
 * every status and visibility, published ones on the change list. Calls that succeed are put back,
 * so every row starts from the same state.
 */
import { beforeAll } from "vitest";
import * as reviewDiff from "@/app/api/v1/projects/[id]/review-diff/route";
import * as acknowledge from "@/app/api/v1/reviews/[projectId]/acknowledge/route";
import { db } from "@/lib/db/client";
import type { Project } from "@/lib/db/generated/client";
import { ANONYMOUS, crossTenantOracle, memberWith, SIGNED_IN, STAFF_TOKENS, TEAM_TOKENS } from "@/lib/testing/cross-tenant-oracle";
import { createTableCallers, createTableProjects, runTable, type TableEndpoint } from "@/lib/testing/cross-tenant-table";
import { createPartner, createProjectFor, createUser, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

// The callers, and the rules as DESIGN states them (lib/testing/cross-tenant-oracle.ts) over them.
const {
  callers: CALLERS,
  visible,
  has,
} = crossTenantOracle({
  ...TEAM_TOKENS,
  anonymous: ANONYMOUS,
  outsider: SIGNED_IN,
  otherProjectOwner: SIGNED_IN,
  ...STAFF_TOKENS,
  // A reviewer who is a plain Member of the project's team.
  teamLeadOnTeam: memberWith("MEMBER"),
});
type Caller = (typeof CALLERS)[number];

const fixture: { tokens: Partial<Record<Caller, string>>; projects: Project[] } = { tokens: {}, projects: [] };

/** Published projects are on the change list (a baseline with changedAt), so an acknowledgement has something to do. */
async function putOnChangeList(project: Project) {
  if (project.status !== "PUBLISHED") return;
  const snapshot = { format: 2, presentation: {}, modules: [], settings: {}, pages: [], supportLinks: [], launcher: null, releases: [] };
  await db.reviewBaseline.upsert({
    where: { projectId: project.id },
    create: { projectId: project.id, snapshot, version: project.version, at: new Date(), changedAt: new Date() },
    update: { changedAt: new Date() },
  });
}

beforeAll(async () => {
  const callers = await createTableCallers(["moderator", "member", "outsider"] as const);
  const { owner, tokens } = callers;
  const otherOwner = await createPartner();
  await createProjectFor(otherOwner);
  const teamLead = await createUser({ roles: ["TEAM_LEAD"] });
  fixture.tokens = {
    ...tokens,
    readOnlyOwner: await tokenFor(owner.id, ["read"]),
    otherProjectOwner: await tokenFor(otherOwner.id),
    teamLeadOnTeam: await tokenFor(teamLead.id),
  };
  fixture.projects = await createTableProjects(callers, {
    variants: [{ label: "", modules: [] }],
    members: ["moderator", "member"],
    prepare: async (project) => {
      const role = project.roles.find((candidate) => candidate.key === "MEMBER")!;
      await db.projectMember.create({ data: { projectId: project.id, userId: teamLead.id, roleId: role.id } });
      await putOnChangeList(project);
    },
  });
}, 180_000);

const ENDPOINTS: TableEndpoint<Caller>[] = [
  {
    // The team (every member) and staff who see projects as members do; 404 for everyone else.
    name: "GET /projects/{id}/review-diff",
    request: (token, p) => call(reviewDiff.GET, "GET", "/", { token, params: { id: p.id } }),
    expected: (c, p) => (visible(c, p) && has(c, "project.view") ? 200 : 404),
  },
  {
    // projects.review with the write and admin scopes, not on the team; then the change list.
    name: "POST /reviews/{projectId}/acknowledge",
    request: (token, p) => call(acknowledge.POST, "POST", "/", { token, params: { projectId: p.id }, body: {} }),
    expected: (c, p) => (c === "anonymous" ? 401 : c !== "projectLeadAdmin" ? 403 : p.status === "PUBLISHED" ? 200 : 409),
    restore: putOnChangeList,
  },
];

runTable(ENDPOINTS, CALLERS, fixture, { across: "status × visibility", timeout: 120_000 });
