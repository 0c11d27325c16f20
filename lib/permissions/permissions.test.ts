import { describe, expect, it } from "vitest";
import { MODULE_NAMES } from "@/lib/projects/schemas";
import {
  ALL_PROJECT_PERMISSIONS,
  canAssignRole,
  canBeOwner,
  canDeleteAccountOf,
  canDefineRole,
  canOpenManagement,
  canPreviewAsPublic,
  previewStatus,
  canGrantPermissions,
  canGrantPlatformRole,
  canManageMember,
  canManageRolesOf,
  DEFAULT_PROJECT_ROLES,
  isListed,
  PARTNER_STATUSES,
  PERMISSION_MODULE,
  permissionsInUse,
  PLATFORM_PERMISSIONS,
  PLATFORM_ROLES,
  platformPermissions,
  PROJECT_STATUSES,
  PROJECT_VISIBILITIES,
  projectAccess,
  type PlatformPermission,
  type PlatformRole,
  type ProjectStatus,
  type ProjectVisibility,
} from ".";

// DESIGN.md section 3, transcribed by hand: the library must say exactly this.
// P = only with ACTIVE partner status.
const DESIGN_MATRIX: Record<PlatformPermission, Record<PlatformRole, "" | "yes" | "P">> = {
  "projects.create": { USER: "", PARTNER: "P", SUPPORT: "", DEVELOPER: "", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
  "projects.readAny": { USER: "", PARTNER: "", SUPPORT: "yes", DEVELOPER: "", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
  "projects.review": { USER: "", PARTNER: "", SUPPORT: "", DEVELOPER: "", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
  "projects.moderate": { USER: "", PARTNER: "", SUPPORT: "", DEVELOPER: "", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
  "projects.override": { USER: "", PARTNER: "", SUPPORT: "", DEVELOPER: "", TEAM_LEAD: "", PROJECT_LEAD: "yes" },
  "users.readAny": { USER: "", PARTNER: "", SUPPORT: "yes", DEVELOPER: "", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
  "users.manage": { USER: "", PARTNER: "", SUPPORT: "yes", DEVELOPER: "", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
  "users.suspend": { USER: "", PARTNER: "", SUPPORT: "", DEVELOPER: "", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
  "users.roles": { USER: "", PARTNER: "", SUPPORT: "", DEVELOPER: "", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
  "users.partner": { USER: "", PARTNER: "", SUPPORT: "", DEVELOPER: "", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
  "warnings.read": { USER: "", PARTNER: "", SUPPORT: "yes", DEVELOPER: "", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
  "warnings.manage": { USER: "", PARTNER: "", SUPPORT: "yes", DEVELOPER: "", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
  "audit.read": { USER: "", PARTNER: "", SUPPORT: "", DEVELOPER: "yes", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
  // Not in DESIGN's table: the outbox viewer for installations without SMTP (issue 7, finding 8).
  "mail.readOutbox": { USER: "", PARTNER: "", SUPPORT: "", DEVELOPER: "", TEAM_LEAD: "", PROJECT_LEAD: "yes" },
  "webhooks.platform": { USER: "", PARTNER: "", SUPPORT: "", DEVELOPER: "", TEAM_LEAD: "", PROJECT_LEAD: "yes" },
  // Team lead: accounts below Team lead only (canDeleteAccountOf, tested below).
  "users.delete": { USER: "", PARTNER: "", SUPPORT: "", DEVELOPER: "", TEAM_LEAD: "yes", PROJECT_LEAD: "yes" },
};

describe("platform permissions", () => {
  it("covers every permission of the library", () => {
    expect(Object.keys(DESIGN_MATRIX).sort()).toEqual(Object.keys(PLATFORM_PERMISSIONS).sort());
  });

  const rows = PLATFORM_ROLES.flatMap((role) =>
    PARTNER_STATUSES.flatMap((partnerStatus) =>
      (Object.keys(DESIGN_MATRIX) as PlatformPermission[]).map((permission) => {
        const cell = DESIGN_MATRIX[permission][role];
        const expected = cell === "yes" || (cell === "P" && partnerStatus === "ACTIVE");
        return { role, partnerStatus, permission, expected };
      }),
    ),
  );

  it.each(rows)("$role ($partnerStatus partner status) → $permission: $expected", ({ role, partnerStatus, permission, expected }) => {
    expect(platformPermissions({ platformRoles: [role], partnerStatus }).has(permission)).toBe(expected);
  });

  it("holds the union of several roles", () => {
    const held = platformPermissions({ platformRoles: ["SUPPORT", "DEVELOPER"], partnerStatus: "NONE" });
    expect(held.has("audit.read") && held.has("warnings.read")).toBe(true);
    expect(held.has("projects.review")).toBe(false);
  });
});

describe("granting platform roles (no escalation)", () => {
  const lead = { platformRoles: ["PROJECT_LEAD"] as PlatformRole[], partnerStatus: "NONE" as const };
  const teamLead = { platformRoles: ["TEAM_LEAD"] as PlatformRole[], partnerStatus: "NONE" as const };
  const support = { platformRoles: ["SUPPORT"] as PlatformRole[], partnerStatus: "NONE" as const };

  it.each([
    ["PROJECT_LEAD", "PROJECT_LEAD", true],
    ["PROJECT_LEAD", "TEAM_LEAD", true],
    ["TEAM_LEAD", "PROJECT_LEAD", false],
    ["TEAM_LEAD", "TEAM_LEAD", false],
    // Developer holds only audit.read, which a Team lead holds too (mail.readOutbox is the Project lead's).
    ["TEAM_LEAD", "DEVELOPER", true],
    ["TEAM_LEAD", "SUPPORT", true],
    ["TEAM_LEAD", "PARTNER", true],
    ["TEAM_LEAD", "USER", true],
    ["SUPPORT", "USER", false],
    ["SUPPORT", "SUPPORT", false],
  ] as const)("%s may grant %s: %s", (actorRole, role, expected) => {
    const actor = { lead, teamLead, support }[actorRole === "PROJECT_LEAD" ? "lead" : actorRole === "TEAM_LEAD" ? "teamLead" : "support"];
    expect(canGrantPlatformRole(actor, role)).toBe(expected);
  });

  it("lets a Team lead manage only users who rank below", () => {
    expect(canManageRolesOf(teamLead, { platformRoles: ["SUPPORT"], partnerStatus: "NONE" })).toBe(true);
    expect(canManageRolesOf(teamLead, { platformRoles: ["TEAM_LEAD"], partnerStatus: "NONE" })).toBe(false);
    expect(canManageRolesOf(teamLead, { platformRoles: ["USER", "PROJECT_LEAD"], partnerStatus: "NONE" })).toBe(false);
    expect(canManageRolesOf(lead, { platformRoles: ["PROJECT_LEAD"], partnerStatus: "NONE" })).toBe(true);
  });

  it("never lets a grantable role carry a permission the granter lacks", () => {
    for (const actorRole of PLATFORM_ROLES) {
      const actor = { platformRoles: [actorRole], partnerStatus: "ACTIVE" as const };
      const held = platformPermissions(actor);
      for (const role of PLATFORM_ROLES.filter((candidate) => canGrantPlatformRole(actor, candidate))) {
        for (const permission of platformPermissions({ platformRoles: [role], partnerStatus: "ACTIVE" })) {
          expect(held.has(permission), `${actorRole} grants ${role} with ${permission}`).toBe(true);
        }
      }
    }
  });
});

// Project access: every relation × status × visibility. "visible" is the 404-or-not decision.
type Relation = "owner" | "member" | "other" | "anonymous" | "support" | "projectLead" | "suspendedOwner";
const RELATIONS: Relation[] = ["owner", "member", "other", "anonymous", "support", "projectLead", "suspendedOwner"];

function expectedVisible(relation: Relation, status: ProjectStatus, visibility: ProjectVisibility): boolean {
  if (relation !== "other" && relation !== "anonymous") return true;
  const released = status === "PUBLISHED" || status === "ARCHIVED";
  // APPLICATION_ONLY: listed, but only signed-in users read its page.
  if (relation === "anonymous" && visibility === "APPLICATION_ONLY") return false;
  return released && visibility !== "PRIVATE";
}

function accessFor(relation: Relation, project: { status: ProjectStatus; visibility: ProjectVisibility }) {
  const owner = { key: "OWNER", ...DEFAULT_PROJECT_ROLES.OWNER };
  const member = { key: "MEMBER", ...DEFAULT_PROJECT_ROLES.MEMBER };
  switch (relation) {
    case "owner":
      return projectAccess({ platformRoles: ["PARTNER"], partnerStatus: "ACTIVE" }, owner, project);
    case "suspendedOwner":
      return projectAccess({ platformRoles: ["PARTNER"], partnerStatus: "SUSPENDED" }, owner, project);
    case "member":
      return projectAccess({ platformRoles: ["USER"], partnerStatus: "NONE" }, member, project);
    case "other":
      return projectAccess({ platformRoles: ["PARTNER"], partnerStatus: "ACTIVE" }, null, project);
    case "anonymous":
      return projectAccess(null, null, project);
    case "support":
      return projectAccess({ platformRoles: ["SUPPORT"], partnerStatus: "NONE" }, null, project);
    case "projectLead":
      return projectAccess({ platformRoles: ["PROJECT_LEAD"], partnerStatus: "NONE" }, null, project);
  }
}

describe("project access", () => {
  const rows = RELATIONS.flatMap((relation) =>
    PROJECT_STATUSES.flatMap((status) => PROJECT_VISIBILITIES.map((visibility) => ({ relation, status, visibility }))),
  );

  it.each(rows)("$relation sees a $status $visibility project: per DESIGN", ({ relation, status, visibility }) => {
    const access = accessFor(relation, { status, visibility });
    expect(access.visible).toBe(expectedVisible(relation, status, visibility));
  });

  it.each(RELATIONS)("%s holds exactly the permissions DESIGN gives", (relation) => {
    const access = accessFor(relation, { status: "PUBLISHED", visibility: "PUBLIC" });
    const expected = {
      owner: ALL_PROJECT_PERMISSIONS,
      projectLead: ALL_PROJECT_PERMISSIONS,
      member: ["project.view", "members.view"],
      suspendedOwner: ["project.view", "members.view"],
      support: ["project.view", "members.view"],
      other: [],
      anonymous: [],
    }[relation];
    expect([...access.permissions].sort()).toEqual([...expected].sort());
    expect(access.override).toBe(relation === "projectLead");
  });

  it.each(RELATIONS)("%s finds the management area of a public project as the portal rules say", (relation) => {
    const access = accessFor(relation, { status: "PUBLISHED", visibility: "PUBLIC" });
    // The team (a suspended Owner too) and staff who read any project; strangers get the 404 page.
    expect(canOpenManagement(access)).toBe(!["other", "anonymous"].includes(relation));
  });

  it.each(RELATIONS)("%s may preview a project in review as the public will see it only as the team or staff", (relation) => {
    const access = accessFor(relation, { status: "IN_REVIEW", visibility: "PUBLIC" });
    expect(canPreviewAsPublic(access)).toBe(!["other", "anonymous"].includes(relation));
  });

  it("previews a project before its release as published, a released one as it is", () => {
    expect(previewStatus({ status: "IN_REVIEW", visibility: "PUBLIC" })).toBe("PUBLISHED");
    expect(previewStatus({ status: "DRAFT", visibility: "PUBLIC" })).toBe("PUBLISHED");
    expect(previewStatus({ status: "ARCHIVED", visibility: "PUBLIC" })).toBe("ARCHIVED");
  });

  it("opens the management area to a member whose custom role holds no permission at all", () => {
    const bare = { key: null, rank: 5, permissions: [] };
    expect(
      canOpenManagement(
        projectAccess({ platformRoles: ["USER"], partnerStatus: "NONE" }, bare, { status: "PUBLISHED", visibility: "PUBLIC" }),
      ),
    ).toBe(true);
  });

  it.each(PROJECT_STATUSES.flatMap((status) => PROJECT_VISIBILITIES.map((visibility) => ({ status, visibility }))))(
    "lists a $status $visibility project only when released and PUBLIC or APPLICATION_ONLY",
    ({ status, visibility }) => {
      const released = status === "PUBLISHED" || status === "ARCHIVED";
      expect(isListed({ status, visibility })).toBe(released && (visibility === "PUBLIC" || visibility === "APPLICATION_ONLY"));
    },
  );
});

describe("project roles (no escalation)", () => {
  const project = { status: "DRAFT" as const, visibility: "PRIVATE" as const };
  const manager = projectAccess(
    { platformRoles: ["USER"], partnerStatus: "NONE" },
    { key: "MANAGER", ...DEFAULT_PROJECT_ROLES.MANAGER },
    project,
  );
  const moderator = projectAccess(
    { platformRoles: ["USER"], partnerStatus: "NONE" },
    { key: "MODERATOR", ...DEFAULT_PROJECT_ROLES.MODERATOR },
    project,
  );

  it("keeps the six default roles with Owner on top holding everything", () => {
    expect(Object.keys(DEFAULT_PROJECT_ROLES)).toEqual(["OWNER", "MANAGER", "DEVELOPER", "MODERATOR", "TESTER", "MEMBER"]);
    const ranks = Object.values(DEFAULT_PROJECT_ROLES).map((role) => role.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(DEFAULT_PROJECT_ROLES.OWNER.permissions).toEqual(ALL_PROJECT_PERMISSIONS);
    expect(DEFAULT_PROJECT_ROLES.MANAGER.permissions).not.toContain("project.delete");
  });

  it.each([
    ["a lower role with permissions one holds", { key: "DEVELOPER", ...DEFAULT_PROJECT_ROLES.DEVELOPER }, true],
    ["one's own rank", { key: "MANAGER", ...DEFAULT_PROJECT_ROLES.MANAGER }, false],
    ["Owner (moves only by transfer)", { key: "OWNER", ...DEFAULT_PROJECT_ROLES.OWNER }, false],
    ["a custom role with a permission one lacks", { key: null, rank: 30, permissions: ["project.delete"] }, false],
  ] as const)("a Manager may assign %s: %s", (_label, role, expected) => {
    expect(canAssignRole(manager, role)).toBe(expected);
  });

  it("manages only members of lower rank", () => {
    expect(canManageMember(manager, DEFAULT_PROJECT_ROLES.MEMBER)).toBe(true);
    expect(canManageMember(manager, DEFAULT_PROJECT_ROLES.MANAGER)).toBe(false);
    expect(canManageMember(moderator, DEFAULT_PROJECT_ROLES.MEMBER)).toBe(false);
  });

  it("defines custom roles only below one's rank and within one's permissions", () => {
    expect(canDefineRole(manager, { rank: 70, permissions: ["releases.manage"] })).toBe(true);
    expect(canDefineRole(manager, { rank: 80, permissions: ["releases.manage"] })).toBe(false);
    expect(canDefineRole(manager, { rank: 70, permissions: ["project.delete"] })).toBe(false);
    expect(canDefineRole(moderator, { rank: 5, permissions: [] })).toBe(false);
    expect(canGrantPermissions(moderator, ["applications.decide"])).toBe(true);
  });

  it("lets only ACTIVE partners be Owner", () => {
    expect(canBeOwner({ platformRoles: ["PARTNER"], partnerStatus: "ACTIVE" })).toBe(true);
    expect(canBeOwner({ platformRoles: ["PARTNER"], partnerStatus: "SUSPENDED" })).toBe(false);
    expect(canBeOwner({ platformRoles: ["PROJECT_LEAD"], partnerStatus: "NONE" })).toBe(false);
  });
});

describe("permissions of modules", () => {
  it("names real modules, and offers a module's permissions only while it is on", () => {
    for (const module of Object.values(PERMISSION_MODULE)) expect(MODULE_NAMES).toContain(module);
    expect(permissionsInUse([])).toEqual(ALL_PROJECT_PERMISSIONS.filter((permission) => !PERMISSION_MODULE[permission]));
    expect(permissionsInUse(["DOWNLOADS"])).toEqual(expect.arrayContaining(["releases.manage", "downloads.manage", "project.view"]));
    expect(permissionsInUse(["DOWNLOADS"])).not.toContain("launcher.manage");
    expect(permissionsInUse(MODULE_NAMES)).toEqual(ALL_PROJECT_PERMISSIONS);
  });
});

describe("deleting accounts (canDeleteAccountOf)", () => {
  const subject = (role: PlatformRole, userId: string = role) => ({
    platformRoles: [role],
    partnerStatus: "NONE" as const,
    userId,
    id: userId,
  });
  const rows: [PlatformRole, PlatformRole, boolean][] = [
    ["TEAM_LEAD", "USER", true],
    ["TEAM_LEAD", "PARTNER", true],
    ["TEAM_LEAD", "SUPPORT", true],
    ["TEAM_LEAD", "DEVELOPER", true],
    ["TEAM_LEAD", "TEAM_LEAD", false],
    ["TEAM_LEAD", "PROJECT_LEAD", false],
    ["PROJECT_LEAD", "TEAM_LEAD", true],
    ["PROJECT_LEAD", "PROJECT_LEAD", true],
    ["SUPPORT", "USER", false],
    ["USER", "USER", false],
  ];
  it.each(rows)("%s deletes %s: %s", (actor, target, expected) => {
    expect(canDeleteAccountOf(subject(actor, "actor"), subject(target, "target"))).toBe(expected);
  });
  it("never lets anyone delete their own account this way, and needs write and admin on a token", () => {
    expect(canDeleteAccountOf(subject("PROJECT_LEAD", "same"), subject("PROJECT_LEAD", "same"))).toBe(false);
    expect(canDeleteAccountOf({ ...subject("PROJECT_LEAD", "a"), scopes: ["read", "write"] }, subject("USER", "b"))).toBe(false);
    expect(canDeleteAccountOf({ ...subject("PROJECT_LEAD", "a"), scopes: ["write", "admin"] }, subject("USER", "b"))).toBe(true);
  });
});
