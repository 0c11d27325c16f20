/**
 * Platform roles and the platform permissions they carry (DESIGN.md section 3).
 * This table is the only place that says which platform role may do what.
 */

export const PLATFORM_ROLES = ["USER", "PARTNER", "SUPPORT", "DEVELOPER", "TEAM_LEAD", "PROJECT_LEAD"] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

export const PARTNER_STATUSES = ["NONE", "ACTIVE", "SUSPENDED"] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const PLATFORM_PERMISSIONS = {
  "projects.create": "Create projects (partners only while their partner status is ACTIVE)",
  "projects.readAny": "See any project, drafts included",
  "projects.review": "Review projects: claim, approve, reject",
  "projects.moderate": "Take down or archive any project",
  "projects.override": "Act inside any project with every project permission, audited as an override",
  "users.readAny": "Read full user records (e-mail, date of birth, settings, security state)",
  "users.manage": "Edit other users' profile fields (moderation)",
  "users.suspend": "Suspend and unsuspend accounts",
  "users.roles": "Grant and revoke platform roles below one's own rank (Project lead: all)",
  "users.partner": "Set a user's partner status",
  "warnings.read": "Read warnings",
  "warnings.manage": "Create and revoke warnings",
  "audit.read": "Read the platform audit log",
} as const;
export type PlatformPermission = keyof typeof PLATFORM_PERMISSIONS;

export const PLATFORM_ROLE_INFO: Record<PlatformRole, { label: string; rank: number; permissions: readonly PlatformPermission[] }> = {
  USER: { label: "User", rank: 0, permissions: [] },
  PARTNER: { label: "Partner", rank: 1, permissions: ["projects.create"] },
  SUPPORT: {
    label: "Support",
    rank: 2,
    permissions: ["projects.readAny", "users.readAny", "users.manage", "warnings.read", "warnings.manage"],
  },
  DEVELOPER: { label: "Developer", rank: 2, permissions: ["audit.read"] },
  TEAM_LEAD: {
    label: "Team lead",
    rank: 3,
    permissions: [
      "projects.create",
      "projects.readAny",
      "projects.review",
      "projects.moderate",
      "users.readAny",
      "users.manage",
      "users.suspend",
      "users.roles",
      "users.partner",
      "warnings.read",
      "warnings.manage",
      "audit.read",
    ],
  },
  PROJECT_LEAD: {
    label: "Project lead",
    rank: 4,
    permissions: Object.keys(PLATFORM_PERMISSIONS) as PlatformPermission[],
  },
};

/** Permissions a PARTNER holds only while the account's partner status is ACTIVE. */
const PARTNER_GATED: readonly PlatformPermission[] = ["projects.create"];

export interface PlatformSubject {
  platformRoles: readonly PlatformRole[];
  partnerStatus: PartnerStatus;
}

export function platformPermissions(subject: PlatformSubject): Set<PlatformPermission> {
  const granted = new Set<PlatformPermission>();
  for (const role of subject.platformRoles) {
    for (const permission of PLATFORM_ROLE_INFO[role].permissions) {
      const gated = role === "PARTNER" && PARTNER_GATED.includes(permission) && subject.partnerStatus !== "ACTIVE";
      if (!gated) granted.add(permission);
    }
  }
  return granted;
}

export function hasPlatformPermission(subject: PlatformSubject | null, permission: PlatformPermission): boolean {
  return subject !== null && platformPermissions(subject).has(permission);
}

export function highestRank(roles: readonly PlatformRole[]): number {
  return Math.max(0, ...roles.map((role) => PLATFORM_ROLE_INFO[role].rank));
}

/**
 * Whether `actor` may grant or revoke `role`. A Project lead may grant every role; others need
 * `users.roles`, the role must rank below their own, and it may carry no permission they lack.
 */
export function canGrantPlatformRole(actor: PlatformSubject, role: PlatformRole): boolean {
  const held = platformPermissions(actor);
  if (!held.has("users.roles")) return false;
  if (actor.platformRoles.includes("PROJECT_LEAD")) return true;
  if (PLATFORM_ROLE_INFO[role].rank >= highestRank(actor.platformRoles)) return false;
  return PLATFORM_ROLE_INFO[role].permissions.every((permission) => held.has(permission));
}

/** Whether `actor` may change the roles of `target` at all: only someone who outranks them (or a Project lead). */
export function canManageRolesOf(actor: PlatformSubject, target: PlatformSubject): boolean {
  if (!platformPermissions(actor).has("users.roles")) return false;
  if (actor.platformRoles.includes("PROJECT_LEAD")) return true;
  return highestRank(target.platformRoles) < highestRank(actor.platformRoles);
}
