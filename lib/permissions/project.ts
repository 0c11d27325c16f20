/**
 * Project permissions, the default project roles and the no-escalation rules
 * (DESIGN.md section 4). Pure data and functions: no I/O.
 */
import { hasPlatformPermission, type PlatformSubject } from "./platform";

export const PROJECT_PERMISSIONS = {
  "project.view": "See the project, including what only members see",
  "project.edit": "Edit the presentation (name, description, images, links)",
  "project.settings": "Change settings, visibility and modules",
  "project.delete": "Delete the project",
  "project.submit": "Submit for review, withdraw, archive, reopen",
  "members.view": "See the team",
  "members.manage": "Invite, add, change and remove members of lower rank",
  "roles.manage": "Create, edit and delete custom roles",
  "applications.view": "Read applications",
  "applications.decide": "Accept or reject applications",
  "releases.manage": "Create and publish releases",
  "releases.viewPrerelease": "See published beta and alpha releases (drafts and yanked releases: releases.manage)",
  "downloads.manage": "Upload and remove downloads",
  "launcher.manage": "Configure the launcher integration",
  "messages.manage": "Post announcements",
  "pages.manage": "Edit project pages",
  "webhooks.manage": "Manage the project's webhooks and see their deliveries",
} as const;
export type ProjectPermission = keyof typeof PROJECT_PERMISSIONS;
export const ALL_PROJECT_PERMISSIONS = Object.keys(PROJECT_PERMISSIONS) as ProjectPermission[];

/**
 * The module each module-bound permission belongs to. While the module is off the permission has
 * no effect, and the role editor does not offer it (DESIGN §4); roles keep it for when the module
 * is turned on again. Module names as in lib/projects/schemas.ts.
 */
export const PERMISSION_MODULE: Partial<Record<ProjectPermission, string>> = {
  "applications.view": "APPLICATIONS",
  "applications.decide": "APPLICATIONS",
  "releases.manage": "DOWNLOADS",
  "releases.viewPrerelease": "DOWNLOADS",
  "downloads.manage": "DOWNLOADS",
  "launcher.manage": "LAUNCHER",
  "messages.manage": "MESSAGES",
  "pages.manage": "PROJECT_PAGES",
};

/** The permissions that mean something in a project with these modules on. */
export function permissionsInUse(modules: readonly string[]): ProjectPermission[] {
  return ALL_PROJECT_PERMISSIONS.filter((permission) => {
    const module = PERMISSION_MODULE[permission];
    return module === undefined || modules.includes(module);
  });
}

export const DEFAULT_ROLE_KEYS = ["OWNER", "MANAGER", "DEVELOPER", "MODERATOR", "TESTER", "MEMBER"] as const;
export type DefaultRoleKey = (typeof DEFAULT_ROLE_KEYS)[number];

export const OWNER_RANK = 100;
/** Custom roles rank strictly between Member and Owner. */
export const CUSTOM_ROLE_RANK = { min: 1, max: OWNER_RANK - 1 } as const;

export const DEFAULT_PROJECT_ROLES: Record<DefaultRoleKey, { name: string; rank: number; permissions: readonly ProjectPermission[] }> = {
  OWNER: { name: "Owner", rank: OWNER_RANK, permissions: ALL_PROJECT_PERMISSIONS },
  MANAGER: {
    name: "Manager",
    rank: 80,
    permissions: ALL_PROJECT_PERMISSIONS.filter((permission) => permission !== "project.delete"),
  },
  DEVELOPER: {
    name: "Developer",
    rank: 60,
    permissions: ["project.view", "members.view", "releases.manage", "releases.viewPrerelease", "downloads.manage", "launcher.manage"],
  },
  MODERATOR: {
    name: "Moderator",
    rank: 50,
    permissions: ["project.view", "members.view", "applications.view", "applications.decide", "messages.manage", "pages.manage"],
  },
  TESTER: { name: "Tester", rank: 20, permissions: ["project.view", "members.view", "releases.viewPrerelease"] },
  MEMBER: { name: "Member", rank: 10, permissions: ["project.view", "members.view"] },
};

/**
 * Powers that stay with the Owner role: no other role (default or custom) can hold them, so no
 * "Owner-equivalent" role outlives the Owner's partner suspension. Ownership itself moves only by
 * transfer. `roles.manage` stays delegable (Managers hold it), bounded by rank and by what the
 * definer holds, so a delegated role never reaches these powers.
 */
export const OWNER_ONLY_PERMISSIONS: readonly ProjectPermission[] = ["project.delete"];

export interface RoleGrant {
  key: string | null;
  rank: number;
  permissions: readonly string[];
}

export interface ProjectContext {
  status: ProjectStatus;
  visibility: ProjectVisibility;
}

export const PROJECT_STATUSES = ["DRAFT", "IN_REVIEW", "PUBLISHED", "REJECTED", "ARCHIVED"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_VISIBILITIES = ["PUBLIC", "PRIVATE", "APPLICATION_ONLY", "LAUNCHER"] as const;
export type ProjectVisibility = (typeof PROJECT_VISIBILITIES)[number];

/** Visibility rules apply once a project has been through review; before that only members and staff see it. */
const RELEASED_STATUSES: readonly ProjectStatus[] = ["PUBLISHED", "ARCHIVED"];

/** Shown in public lists and the directory. */
export function isListed(project: ProjectContext): boolean {
  return RELEASED_STATUSES.includes(project.status) && (project.visibility === "PUBLIC" || project.visibility === "APPLICATION_ONLY");
}

/**
 * Readable by someone with no relation to the project (LAUNCHER projects by direct address only).
 * APPLICATION_ONLY projects are listed, but only signed-in users read their page (to apply).
 */
export function isPubliclyReadable(project: ProjectContext, { signedIn }: { signedIn: boolean }): boolean {
  if (project.visibility === "APPLICATION_ONLY" && !signedIn) return false;
  return RELEASED_STATUSES.includes(project.status) && project.visibility !== "PRIVATE";
}

/**
 * A project a signed-out visitor may not read but anyone signed in may (a released
 * APPLICATION_ONLY one, which the directory lists for visitors too): the visitor is asked to sign
 * in rather than told it does not exist. Everything else they cannot see stays not found.
 */
export function asksVisitorToSignIn(project: ProjectContext): boolean {
  return !isPubliclyReadable(project, { signedIn: false }) && isPubliclyReadable(project, { signedIn: true });
}

export interface ProjectAccess {
  /** Effective project permissions. */
  permissions: Set<ProjectPermission>;
  /** False means: answer 404, the project does not exist for this caller. */
  visible: boolean;
  /** The permissions come from the Project lead override, not from membership: audit as such. */
  override: boolean;
  /** The effective Owner: holds the Owner role with ACTIVE partner status. */
  owner: boolean;
  rank: number;
}

/**
 * The caller's access to one project. `viewer` is null for anonymous callers,
 * `membership` null when the viewer is not on the team.
 */
export function projectAccess(viewer: PlatformSubject | null, membership: RoleGrant | null, project: ProjectContext): ProjectAccess {
  if (membership) {
    const ownerRole = membership.key === "OWNER";
    const owner = ownerRole && viewer !== null && canBeOwner(viewer);
    const held = ownerRole
      ? owner
        ? membership.permissions
        : DEFAULT_PROJECT_ROLES.MEMBER.permissions
      : membership.permissions.filter((permission) => !OWNER_ONLY_PERMISSIONS.includes(permission as ProjectPermission));
    return { permissions: new Set(held as ProjectPermission[]), visible: true, override: false, owner, rank: membership.rank };
  }
  if (hasPlatformPermission(viewer, "projects.override")) {
    return { permissions: new Set(ALL_PROJECT_PERMISSIONS), visible: true, override: true, owner: false, rank: OWNER_RANK + 1 };
  }
  if (hasPlatformPermission(viewer, "projects.readAny")) {
    return { permissions: new Set(["project.view", "members.view"]), visible: true, override: false, owner: false, rank: 0 };
  }
  const visible = isPubliclyReadable(project, { signedIn: viewer !== null });
  return { permissions: new Set(), visible, override: false, owner: false, rank: 0 };
}

/**
 * A project's management area (the portal's manage pages) exists for its team and for staff who
 * read or override any project. For everyone else, even where the project itself is public, it is
 * not found: the portal answers 404 rather than showing an empty "Manage project" shell.
 */
export function canOpenManagement(access: ProjectAccess): boolean {
  return access.rank > 0 || access.permissions.size > 0;
}

/**
 * "Preview as public" (the review page links to it): the project as a signed-out visitor will see
 * it once published. For those who open its management area: the team, and staff who read any
 * project (reviewers among them). For anyone else the preview is not found.
 */
export function canPreviewAsPublic(access: ProjectAccess): boolean {
  return canOpenManagement(access);
}

/**
 * The status a preview shows the project in: its own once released, else as it will be once
 * approved (published), so the preview shows what publishing would show.
 */
export function previewStatus(project: ProjectContext): ProjectStatus {
  return RELEASED_STATUSES.includes(project.status) ? project.status : "PUBLISHED";
}

/** Nobody hands out a permission they do not hold themselves. */
export function canGrantPermissions(actor: ProjectAccess, permissions: readonly string[]): boolean {
  return permissions.every((permission) => actor.permissions.has(permission as ProjectPermission));
}

/** Managing a member (change role, remove) needs `members.manage` and a strictly higher rank. */
export function canManageMember(actor: ProjectAccess, target: Pick<RoleGrant, "rank">): boolean {
  return actor.permissions.has("members.manage") && target.rank < actor.rank;
}

/** A role one may hand out: below one's own rank, no permission one lacks, never Owner (that moves by transfer). */
function isGrantableRole(actor: ProjectAccess, role: RoleGrant): boolean {
  return role.key !== "OWNER" && role.rank < actor.rank && canGrantPermissions(actor, role.permissions);
}

/** Giving a member a role: `members.manage` and a grantable role. */
export function canAssignRole(actor: ProjectAccess, role: RoleGrant): boolean {
  return actor.permissions.has("members.manage") && isGrantableRole(actor, role);
}

/** Accepting an applicant into a role: `applications.decide` and a grantable role (Member by default). */
export function canAcceptAs(actor: ProjectAccess, role: RoleGrant): boolean {
  return actor.permissions.has("applications.decide") && isGrantableRole(actor, role);
}

/**
 * Whether a signed-in user may apply: the project is published, PUBLIC or APPLICATION_ONLY, takes
 * applications, and the user is not on the team. (The Applications module being on is checked first:
 * with it off the endpoints do not exist.)
 */
export function canApply(project: ProjectContext & { applicationsOpen: boolean }, applicant: { member: boolean }): boolean {
  return (
    project.status === "PUBLISHED" &&
    (project.visibility === "PUBLIC" || project.visibility === "APPLICATION_ONLY") &&
    project.applicationsOpen &&
    !applicant.member
  );
}

/** Creating or editing a role: `roles.manage`, a rank below one's own, no permission one lacks, no Owner-only power. */
export function canDefineRole(actor: ProjectAccess, role: { rank: number; permissions: readonly string[] }): boolean {
  return (
    actor.permissions.has("roles.manage") &&
    role.rank < actor.rank &&
    canGrantPermissions(actor, role.permissions) &&
    !role.permissions.some((permission) => OWNER_ONLY_PERMISSIONS.includes(permission as ProjectPermission))
  );
}

/** Transferring ownership: the effective Owner, or the audited Project lead override (never moderation). */
export function canTransferOwnership(actor: ProjectAccess): boolean {
  return actor.owner || actor.override;
}

/** Deleting a project: `project.delete`, which only the effective Owner and the Project lead override hold. */
export function canDeleteProject(actor: ProjectAccess): boolean {
  return actor.permissions.has("project.delete");
}

/** Whether moving a member from `fromKey` to `toKey` (null: leaving the team) would leave the project without an Owner. */
export function removesLastOwner(fromKey: string | null, toKey: string | null, ownerCount: number): boolean {
  return fromKey === "OWNER" && toKey !== "OWNER" && ownerCount <= 1;
}

/** Only accounts with ACTIVE partner status can be a project's Owner. */
export function canBeOwner(subject: PlatformSubject): boolean {
  return subject.partnerStatus === "ACTIVE";
}
