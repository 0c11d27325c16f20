/**
 * Every project endpoint × every kind of caller × a project in every status and visibility.
 * The expected status comes from DESIGN's rules, written out below; writes use a stale
 * If-Match (allowed callers get 412, nothing changes) or change throw-away data.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as images from "@/app/api/v1/projects/[id]/images/[kind]/route";
import * as launcher from "@/app/api/v1/projects/[id]/launcher/route";
import * as member from "@/app/api/v1/projects/[id]/members/[userId]/route";
import * as candidates from "@/app/api/v1/projects/[id]/member-candidates/route";
import * as members from "@/app/api/v1/projects/[id]/members/route";
import * as modules from "@/app/api/v1/projects/[id]/modules/route";
import * as restore from "@/app/api/v1/projects/[id]/restore/route";
import * as role from "@/app/api/v1/projects/[id]/roles/[roleId]/route";
import * as roles from "@/app/api/v1/projects/[id]/roles/route";
import * as one from "@/app/api/v1/projects/[id]/route";
import * as settings from "@/app/api/v1/projects/[id]/settings/route";
import * as transfer from "@/app/api/v1/projects/[id]/transfer-ownership/route";
import * as collection from "@/app/api/v1/projects/route";
import { db } from "@/lib/db/client";
import type { Project } from "@/lib/db/generated/client";
import { DEFAULT_PROJECT_ROLES, PROJECT_STATUSES, PROJECT_VISIBILITIES, type ProjectPermission } from "@/lib/permissions";
import type { TokenScope } from "@/lib/permissions";
import { ANONYMOUS, crossTenantOracle, listed, memberWith, SIGNED_IN, staff } from "@/lib/testing/cross-tenant-oracle";
import { addMemberWith, createPartner, createProjectFor, createUser, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

const CUSTOM_PERMISSIONS: ProjectPermission[] = ["project.view", "members.view", "launcher.manage"];
const ROLE_ACTORS = ["owner", "manager", "developer", "moderator", "tester", "member", "custom"] as const;
const ACTORS = [
  ...ROLE_ACTORS,
  "anonymous",
  "user",
  "otherProjectMember",
  "unassignedPartner",
  "support",
  "developerStaff",
  "teamLead",
  "projectLead",
] as const;
type ActorName = (typeof ACTORS)[number];

/**
 * Token-scope rows: the same people with narrower tokens, and whom they then act like. A staff
 * power needs the admin scope (and write for changes), so without it a Project lead is a user.
 */
const SCOPED = {
  ownerRead: { user: "owner", scopes: ["read"], as: "owner" },
  projectLeadRead: { user: "projectLead", scopes: ["read"], as: "user" },
  projectLeadReadWrite: { user: "projectLead", scopes: ["read", "write"], as: "user" },
  projectLeadReadAdmin: { user: "projectLead", scopes: ["read", "admin"], as: "teamLead" },
  teamLeadReadWrite: { user: "teamLead", scopes: ["read", "write"], as: "user" },
} as const satisfies Record<string, { user: ActorName; scopes: TokenScope[]; as: ActorName }>;
type ScopedName = keyof typeof SCOPED;
const CALLERS = [...ACTORS, ...(Object.keys(SCOPED) as ScopedName[])];
type CallerName = ActorName | ScopedName;
const actingAs = (caller: CallerName): ActorName => (caller in SCOPED ? SCOPED[caller as ScopedName].as : (caller as ActorName));
/** The scope the route itself demands (lib/http/route.ts): read for GET, admin for restore, else write. */
const routeScope = (endpoint: string): TokenScope =>
  endpoint.startsWith("GET ") ? "read" : endpoint.endsWith("/restore") ? "admin" : "write";

// The rules, as DESIGN states them (lib/testing/cross-tenant-oracle.ts), over these callers.
const {
  isMember,
  isStaff: readsAny,
  visible,
  seesInLauncher,
  has,
} = crossTenantOracle<ActorName>({
  owner: memberWith("OWNER"),
  manager: memberWith("MANAGER"),
  developer: memberWith("DEVELOPER"),
  moderator: memberWith("MODERATOR"),
  tester: memberWith("TESTER"),
  member: memberWith("MEMBER"),
  custom: memberWith(CUSTOM_PERMISSIONS),
  anonymous: ANONYMOUS,
  user: SIGNED_IN,
  otherProjectMember: SIGNED_IN,
  unassignedPartner: SIGNED_IN,
  support: staff("reader"),
  // The platform's Developer role reads the audit log, not every project.
  developerStaff: SIGNED_IN,
  teamLead: staff("reader"),
  projectLead: staff("projectLead"),
});
const rank = (actor: ActorName) =>
  actor === "projectLead"
    ? 101
    : actor === "custom"
      ? 30
      : isMember(actor)
        ? DEFAULT_PROJECT_ROLES[actor.toUpperCase() as "OWNER"].rank
        : 0;

/**
 * 401 for anonymous callers of signed-in endpoints, 404 when invisible (`sees`: the project, or
 * what the endpoint shows of it), 403 without the permission, else `allowed`.
 */
function gate(actor: ActorName, project: Project, allowed: boolean, success: number, { signedIn = true, sees = visible } = {}) {
  if (signedIn && actor === "anonymous") return 401;
  if (!sees(actor, project)) return 404;
  return allowed ? success : 403;
}

/** Reviewed content is locked while the project is in review (409 `in_review`, before If-Match is compared). */
const unlessInReview = (project: Project, success: number) => (project.status === "IN_REVIEW" ? 409 : success);

interface Fixture {
  tokens: Partial<Record<ActorName, string>>;
  projects: Project[];
  ids: Record<string, { memberRole: string; testerRole: string; customRole: string; target: string }>;
  game: string;
}
const fixture: Fixture = { tokens: {}, projects: [], ids: {}, game: unique("Matrix") };
/** The ids the fixture made in `project`: its roles and the member the writes aim at. */
const idsOf = (project: Project) => fixture.ids[project.id];
const scopedTokens: Partial<Record<ScopedName, string>> = {};

beforeAll(async () => {
  const owner = await createPartner();
  const users: Partial<Record<ActorName, { id: string }>> = { owner };
  for (const name of ["manager", "developer", "moderator", "tester", "member", "custom", "user"] as const) users[name] = await createUser();
  users.otherProjectMember = await createPartner();
  users.unassignedPartner = await createPartner();
  users.support = await createUser({ roles: ["SUPPORT"] });
  users.developerStaff = await createUser({ roles: ["DEVELOPER"] });
  users.teamLead = await createUser({ roles: ["TEAM_LEAD"] });
  users.projectLead = await createUser({ roles: ["PROJECT_LEAD"] });
  await createProjectFor(users.otherProjectMember as Awaited<ReturnType<typeof createPartner>>);
  for (const [name, user] of Object.entries(users)) fixture.tokens[name as ActorName] = await tokenFor(user.id);
  for (const [name, scoped] of Object.entries(SCOPED))
    scopedTokens[name as ScopedName] = await tokenFor(users[scoped.user]!.id, [...scoped.scopes]);

  for (const status of PROJECT_STATUSES) {
    for (const visibility of PROJECT_VISIBILITIES) {
      const project = await createProjectFor(owner, {
        status,
        visibility,
        modules: ["LAUNCHER"],
        name: `${status} ${visibility} ${fixture.game}`,
        game: fixture.game,
      });
      for (const key of ["manager", "developer", "moderator", "tester", "member"] as const)
        await addMemberWith(project.id, users[key]!.id, key.toUpperCase());
      const custom = await db.projectRole.create({
        data: { projectId: project.id, name: "Launcher crew", rank: 30, permissions: CUSTOM_PERMISSIONS },
      });
      await addMemberWith(project.id, users.custom!.id, custom.id);
      const target = await createUser();
      await addMemberWith(project.id, target.id, "MEMBER");
      const role = (key: string) => project.roles.find((candidate) => candidate.key === key)!.id;
      fixture.ids[project.id] = { memberRole: role("MEMBER"), testerRole: role("TESTER"), customRole: custom.id, target: target.id };
      fixture.projects.push(await db.project.findUniqueOrThrow({ where: { id: project.id } }));
    }
  }
}, 120_000);

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bf0000000049454e44ae426082",
  "hex",
);
const stale = { "if-match": '"v999"' };
const launcherBody = {
  offerInstall: true,
  offerUpdate: true,
  offerRepair: true,
  offerGameStart: true,
  offerVersions: false,
  launchSettings: { executable: "bin/game", arguments: [], minimumMemoryMb: 0 },
};

interface Endpoint {
  name: string;
  request(token: string | undefined, project: Project): Promise<{ status: number }>;
  expected(actor: ActorName, project: Project): number;
  /** Puts back what an allowed call changed. */
  restore?(project: Project): Promise<void>;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: "GET /projects/{id}",
    request: (token, p) => call(one.GET, "GET", "/", { token, params: { id: p.id } }),
    expected: (a, p) => gate(a, p, true, 200, { signedIn: false }),
  },
  {
    name: "PUT /projects/{id}",
    request: (token, p) => call(one.PUT, "PUT", "/", { token, params: { id: p.id }, headers: stale, body: { name: "Taken over" } }),
    expected: (a, p) => gate(a, p, has(a, "project.edit"), unlessInReview(p, 412)),
  },
  {
    name: "PATCH /projects/{id}",
    request: (token, p) => call(one.PATCH, "PATCH", "/", { token, params: { id: p.id }, headers: stale, body: { name: "Taken over" } }),
    expected: (a, p) => gate(a, p, has(a, "project.edit"), unlessInReview(p, 412)),
  },
  {
    name: "DELETE /projects/{id}",
    request: (token, p) => call(one.DELETE, "DELETE", "/", { token, params: { id: p.id }, headers: stale }),
    expected: (a, p) => gate(a, p, has(a, "project.delete"), ["DRAFT", "REJECTED", "ARCHIVED"].includes(p.status) ? 412 : 422),
  },
  {
    name: "PUT /projects/{id}/images/logo",
    request: (token, p) =>
      images.PUT(
        new Request("http://127.0.0.1/x", {
          method: "PUT",
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...stale, "content-type": "image/png" },
          body: PNG,
        }),
        { params: Promise.resolve({ id: p.id, kind: "logo" }) },
      ),
    expected: (a, p) => gate(a, p, has(a, "project.edit"), unlessInReview(p, 412)),
  },
  {
    name: "POST /projects/{id}/restore",
    request: (token, p) => call(restore.POST, "POST", "/", { token, params: { id: p.id } }),
    expected: (a) => (a === "anonymous" ? 401 : 404),
  },
  {
    name: "GET /projects/{id}/settings",
    request: (token, p) => call(settings.GET, "GET", "/", { token, params: { id: p.id } }),
    expected: (a, p) => gate(a, p, has(a, "project.settings"), 200),
  },
  {
    name: "PUT /projects/{id}/settings",
    request: (token, p) =>
      call(settings.PUT, "PUT", "/", { token, params: { id: p.id }, headers: stale, body: { visibility: "PUBLIC", settings: {} } }),
    expected: (a, p) => gate(a, p, has(a, "project.settings"), unlessInReview(p, 412)),
  },
  {
    name: "GET /projects/{id}/modules",
    request: (token, p) => call(modules.GET, "GET", "/", { token, params: { id: p.id } }),
    expected: (a, p) => gate(a, p, has(a, "project.view"), 200),
  },
  {
    name: "PUT /projects/{id}/modules",
    request: (token, p) => call(modules.PUT, "PUT", "/", { token, params: { id: p.id }, headers: stale, body: { modules: [] } }),
    expected: (a, p) => gate(a, p, has(a, "project.settings"), unlessInReview(p, 412)),
  },
  // The search itself is the same for every allowed caller; who may search is what the table checks.
  {
    name: "GET /projects/{id}/member-candidates",
    request: (token, p) => call(candidates.GET, "GET", "/?q=us", { token, params: { id: p.id } }),
    expected: (a, p) => gate(a, p, has(a, "members.manage"), 200),
  },
  {
    name: "GET /projects/{id}/members",
    request: (token, p) => call(members.GET, "GET", "/", { token, params: { id: p.id } }),
    expected: (a, p) => gate(a, p, has(a, "members.view"), 200),
  },
  {
    name: "POST /projects/{id}/members",
    request: async (token, p) =>
      call(members.POST, "POST", "/", {
        token,
        params: { id: p.id },
        body: { userId: (await createUser()).id, roleId: idsOf(p).memberRole },
      }),
    expected: (a, p) => gate(a, p, has(a, "members.manage") && rank(a) > 10, 201),
  },
  {
    name: "PUT /projects/{id}/members/{userId}",
    request: (token, p) =>
      call(member.PUT, "PUT", "/", { token, params: { id: p.id, userId: idsOf(p).target }, body: { roleId: idsOf(p).memberRole } }),
    expected: (a, p) => gate(a, p, has(a, "members.manage") && rank(a) > 10, 200),
  },
  {
    name: "DELETE /projects/{id}/members/{userId}",
    request: (token, p) => call(member.DELETE, "DELETE", "/", { token, params: { id: p.id, userId: idsOf(p).target } }),
    expected: (a, p) => gate(a, p, has(a, "members.manage") && rank(a) > 10, 204),
    restore: async (p) => {
      await db.projectMember.upsert({
        where: { projectId_userId: { projectId: p.id, userId: idsOf(p).target } },
        create: { projectId: p.id, userId: idsOf(p).target, roleId: idsOf(p).memberRole },
        update: {},
      });
    },
  },
  {
    name: "POST /projects/{id}/transfer-ownership",
    request: (token, p) => call(transfer.POST, "POST", "/", { token, params: { id: p.id }, body: { userId: idsOf(p).target } }),
    // Allowed callers reach the rule that the new Owner must be an ACTIVE partner.
    expected: (a, p) => gate(a, p, a === "owner" || a === "projectLead", 422),
  },
  {
    name: "GET /projects/{id}/roles",
    request: (token, p) => call(roles.GET, "GET", "/", { token, params: { id: p.id } }),
    expected: (a, p) => gate(a, p, has(a, "members.view"), 200),
  },
  {
    name: "POST /projects/{id}/roles",
    request: (token, p) =>
      call(roles.POST, "POST", "/", {
        token,
        params: { id: p.id },
        body: { name: unique("Role "), permissions: ["project.view"], rank: 5 },
      }),
    expected: (a, p) => gate(a, p, has(a, "roles.manage") && rank(a) > 5, 201),
  },
  {
    name: "PUT /projects/{id}/roles/{roleId}",
    request: (token, p) =>
      call(role.PUT, "PUT", "/", {
        token,
        params: { id: p.id, roleId: idsOf(p).customRole },
        body: { name: "Launcher crew", permissions: CUSTOM_PERMISSIONS, rank: 30 },
      }),
    expected: (a, p) => gate(a, p, has(a, "roles.manage") && rank(a) > 30, 200),
  },
  {
    name: "DELETE /projects/{id}/roles/{roleId}",
    request: async (token, p) => {
      const spare = await db.projectRole.create({ data: { projectId: p.id, name: unique("Spare "), rank: 3, permissions: [] } });
      return call(role.DELETE, "DELETE", "/", { token, params: { id: p.id, roleId: spare.id } });
    },
    expected: (a, p) => gate(a, p, has(a, "roles.manage") && rank(a) > 3, 204),
  },
  // An APPLICATION_ONLY project's launcher integration does not exist for signed-in strangers (issue 23, finding 10).
  {
    name: "GET /projects/{id}/launcher",
    request: (token, p) => call(launcher.GET, "GET", "/", { token, params: { id: p.id } }),
    expected: (a, p) => gate(a, p, has(a, "launcher.manage"), 200, { sees: seesInLauncher }),
  },
  {
    name: "PUT /projects/{id}/launcher",
    request: (token, p) => call(launcher.PUT, "PUT", "/", { token, params: { id: p.id }, body: launcherBody }),
    expected: (a, p) => gate(a, p, has(a, "launcher.manage"), unlessInReview(p, 200), { sees: seesInLauncher }),
  },
];

const tokenOf = (caller: CallerName) => (caller in SCOPED ? scopedTokens[caller as ScopedName] : fixture.tokens[caller as ActorName]);

function expectedFor(endpoint: Endpoint, caller: CallerName, project: Project): number {
  if (!(caller in SCOPED)) return endpoint.expected(caller as ActorName, project);
  const scoped = SCOPED[caller as ScopedName];
  if (!(scoped.scopes as readonly TokenScope[]).includes(routeScope(endpoint.name))) return 403;
  return endpoint.expected(scoped.as, project);
}

describe.each(ENDPOINTS)("$name", (endpoint) => {
  it.each(CALLERS)("answers %s exactly as the rules say, for every status and visibility", async (actor) => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const project of fixture.projects) {
      const response = await endpoint.request(tokenOf(actor), project);
      outcomes.push(`${project.status}/${project.visibility}: ${response.status}`);
      expected.push(`${project.status}/${project.visibility}: ${expectedFor(endpoint, actor, project)}`);
      if (response.status < 300) await endpoint.restore?.(project);
    }
    expect(outcomes).toEqual(expected);
  });
});

describe("GET /projects", () => {
  it.each(CALLERS)("lists exactly the projects %s may see", async (caller) => {
    const response = await call(collection.GET, "GET", `/api/v1/projects?game=${fixture.game}&limit=100`, { token: tokenOf(caller) });
    const names = (response.json!.data as { name: string }[]).map((project) => project.name).sort();
    const actor = actingAs(caller);
    const expected = fixture.projects
      .filter((project) => isMember(actor) || readsAny(actor) || listed(project))
      .map((project) => project.name)
      .sort();
    expect(names).toEqual(expected);
  });

  it.each(ACTORS.filter((actor) => actor !== "anonymous"))("lists for %s with member=me only their own projects", async (actor) => {
    const response = await call(collection.GET, "GET", `/api/v1/projects?game=${fixture.game}&member=me&limit=100`, {
      token: fixture.tokens[actor],
    });
    expect((response.json!.data as unknown[]).length).toBe(isMember(actor) ? fixture.projects.length : 0);
  });
});

describe("after every call", () => {
  it("no project changed state, presentation or version", async () => {
    const now = await db.project.findMany({ where: { id: { in: fixture.projects.map((project) => project.id) } } });
    for (const project of fixture.projects) {
      const after = now.find((candidate) => candidate.id === project.id)!;
      expect({
        status: after.status,
        visibility: after.visibility,
        name: after.name,
        version: after.version,
        modules: after.modules,
        deletedAt: after.deletedAt,
      }).toEqual({
        status: project.status,
        visibility: project.visibility,
        name: project.name,
        version: project.version,
        modules: project.modules,
        deletedAt: null,
      });
    }
  });
});
