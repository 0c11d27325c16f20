/**
 * Every applications endpoint × every kind of caller × a project in every status and visibility,
 * with the Applications module on and off. The expected status comes from DESIGN 4 and 8.1,
 * written out below. Calls that succeed are put back, so every row starts from the same state.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as decisionRoute from "@/app/api/v1/projects/[id]/applications/[applicationId]/decision/route";
import * as reopenRoute from "@/app/api/v1/projects/[id]/applications/[applicationId]/reopen/route";
import * as withdrawRoute from "@/app/api/v1/projects/[id]/applications/[applicationId]/withdraw/route";
import * as applicationsRoute from "@/app/api/v1/projects/[id]/applications/route";
import * as leaveRoute from "@/app/api/v1/projects/[id]/members/me/route";
import * as membershipsRoute from "@/app/api/v1/users/[id]/memberships/route";
import { db } from "@/lib/db/client";
import type { Project } from "@/lib/db/generated/client";
import {
  ANONYMOUS,
  crossTenantOracle,
  memberWith,
  moduleOn as projectModuleOn,
  SIGNED_IN,
  STAFF_TOKENS,
  SUSPENDED_OWNER,
} from "@/lib/testing/cross-tenant-oracle";
import { createTableCallers, createTableProjects, modulesOnAndOff, runTable, type TableEndpoint } from "@/lib/testing/cross-tenant-table";
import { call } from "@/lib/testing/http";

// The callers, and the rules as DESIGN states them (lib/testing/cross-tenant-oracle.ts) over them.
// `applicant` is a signed-in non-member with a pending application in every project.
const {
  callers: CALLERS,
  isMember,
  visible,
  has,
} = crossTenantOracle({
  owner: memberWith("OWNER"),
  moderator: memberWith("MODERATOR"),
  member: memberWith("MEMBER"),
  suspendedOwner: SUSPENDED_OWNER,
  anonymous: ANONYMOUS,
  applicant: SIGNED_IN,
  outsider: SIGNED_IN,
  ...STAFF_TOKENS,
});
type Caller = (typeof CALLERS)[number];
const moduleOn = (p: Project) => projectModuleOn(p, "APPLICATIONS");
const takesApplications = (p: Project) => p.status === "PUBLISHED" && (p.visibility === "PUBLIC" || p.visibility === "APPLICATION_ONLY");

/** 401 anonymous, 404 when the project or its module does not exist for the caller, then the endpoint's own rule. */
function gate(caller: Caller, p: Project, rule: () => number, { module = true } = {}): number {
  if (caller === "anonymous") return 401;
  if (!visible(caller, p)) return 404;
  if (module && !moduleOn(p)) return 404;
  return rule();
}

interface Fixture {
  tokens: Partial<Record<Caller, string>>;
  users: Partial<Record<Caller, string>>;
  projects: Project[];
  /** The applicant's pending application per project. */
  pending: Record<string, string>;
  memberRole: Record<string, Record<string, string>>;
}
const fixture: Fixture = { tokens: {}, users: {}, projects: [], pending: {}, memberRole: {} };

beforeAll(async () => {
  const callers = await createTableCallers(["moderator", "member", "applicant", "outsider"] as const);
  fixture.tokens = callers.tokens;
  fixture.users = callers.users;
  fixture.projects = await createTableProjects(callers, {
    variants: modulesOnAndOff(["APPLICATIONS"]),
    members: ["moderator", "member"],
    prepare: async (project) => {
      const application = await db.application.create({
        data: { projectId: project.id, userId: callers.people.applicant.id, message: "Let me in" },
      });
      fixture.pending[project.id] = application.id;
      fixture.memberRole[project.id] = Object.fromEntries(project.roles.map((role) => [role.key ?? role.id, role.id]));
    },
  });
}, 180_000);

async function reopen(p: Project) {
  await db.application.update({
    where: { id: fixture.pending[p.id] },
    data: { status: "PENDING", decidedAt: null, decidedById: null, decisionReason: null },
  });
}

type Endpoint = TableEndpoint<Caller>;

const ENDPOINTS: Endpoint[] = [
  {
    name: "POST /projects/{id}/applications",
    request: (token, p) => call(applicationsRoute.POST, "POST", "/", { token, params: { id: p.id }, body: { message: "Hello" } }),
    expected: (c, p) => gate(c, p, () => (isMember(c) ? 409 : !takesApplications(p) ? 422 : c === "applicant" ? 409 : 201)),
    restore: async (p) => {
      await db.application.deleteMany({ where: { projectId: p.id, id: { not: fixture.pending[p.id] } } });
    },
  },
  {
    name: "GET /projects/{id}/applications",
    request: (token, p) => call(applicationsRoute.GET, "GET", "/?status=PENDING", { token, params: { id: p.id } }),
    expected: (c, p) => gate(c, p, () => (has(c, "applications.view") ? 200 : 403)),
  },
  {
    name: "POST /projects/{id}/applications/{applicationId}/withdraw",
    request: (token, p) => call(withdrawRoute.POST, "POST", "/", { token, params: { id: p.id, applicationId: fixture.pending[p.id] } }),
    // Only the applicant; for anyone else the application does not exist.
    expected: (c, p) => gate(c, p, () => (c === "applicant" ? 200 : 404)),
    restore: (p) => reopen(p),
  },
  {
    name: "POST /projects/{id}/applications/{applicationId}/decision",
    request: (token, p) =>
      call(decisionRoute.POST, "POST", "/", {
        token,
        params: { id: p.id, applicationId: fixture.pending[p.id] },
        body: { decision: "REJECT", reason: "Not now" },
      }),
    expected: (c, p) => gate(c, p, () => (has(c, "applications.view") && has(c, "applications.decide") ? 200 : 403)),
    restore: (p) => reopen(p),
  },
  {
    name: "POST /projects/{id}/applications/{applicationId}/reopen",
    // Every row reopens a rejection just made, and leaves the application pending again as it found it.
    request: async (token, p) => {
      await db.application.update({
        where: { id: fixture.pending[p.id] },
        data: { status: "REJECTED", decidedAt: new Date(), decisionReason: "No" },
      });
      const response = await call(reopenRoute.POST, "POST", "/", { token, params: { id: p.id, applicationId: fixture.pending[p.id] } });
      await reopen(p);
      return response;
    },
    expected: (c, p) => gate(c, p, () => (has(c, "applications.view") && has(c, "applications.decide") ? 200 : 403)),
  },
  {
    name: "DELETE /projects/{id}/members/me",
    request: (token, p) => call(leaveRoute.DELETE, "DELETE", "/", { token, params: { id: p.id } }),
    // Two Owners (one suspended): either may leave. Leaving is not part of the Applications module.
    expected: (c, p) => gate(c, p, () => (isMember(c) ? 204 : 404), { module: false }),
    restore: async (p, { caller: c }) => {
      if (!isMember(c)) return;
      const roleKey = c === "suspendedOwner" ? "OWNER" : c.toUpperCase();
      await db.projectMember.upsert({
        where: { projectId_userId: { projectId: p.id, userId: fixture.users[c]! } },
        create: { projectId: p.id, userId: fixture.users[c]!, roleId: fixture.memberRole[p.id][roleKey] },
        update: {},
      });
    },
  },
];

runTable(ENDPOINTS, CALLERS, fixture, { across: "status × visibility × module", timeout: 120_000 });

describe("GET /users/{id}/memberships", () => {
  // The member's memberships: the member, or staff with users.readAny through an admin-scoped token; 404 for everyone else.
  const EXPECTED: Record<Caller, number> = {
    owner: 404,
    moderator: 404,
    member: 200,
    suspendedOwner: 404,
    anonymous: 401,
    applicant: 404,
    outsider: 404,
    projectLeadAdmin: 200,
    projectLeadNoAdmin: 404,
    supportAdmin: 200,
  };
  it.each(CALLERS.map((caller) => ({ caller, status: EXPECTED[caller] })))("as $caller: $status", async ({ caller, status }) => {
    const response = await call(membershipsRoute.GET, "GET", "/?limit=100", {
      token: fixture.tokens[caller],
      params: { id: fixture.users.member! },
    });
    expect(response.status).toBe(status);
    if (status === 200) expect((response.json!.data as unknown[]).length).toBe(fixture.projects.length);
  });
});
