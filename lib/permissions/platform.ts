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
  "webhooks.platform": "Manage platform-wide webhooks (every project's events and the platform's own)",
  "mail.readOutbox": "See the outbox: which mail was queued and whether it was delivered (secret links withheld)",
  "users.delete": "Delete other accounts (Team lead: accounts below Team lead; Project lead: all)",
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
      "users.delete",
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

export const TOKEN_SCOPES = {
  read: "Read what the owner can read",
  write: "Change what the owner can change",
  admin: "Use the owner's staff permissions (user administration, reviews, warnings, audit); staff changes also need `write`",
} as const;
export type TokenScope = keyof typeof TOKEN_SCOPES;

/**
 * The token scopes a platform permission needs before it counts for a token. Staff reads need
 * `admin`; staff writes need `write` and `admin`; creating a project is a partner's ordinary
 * write. Sessions (scopes null) use every permission their roles carry.
 */
export const PLATFORM_PERMISSION_SCOPES: Record<PlatformPermission, readonly TokenScope[]> = {
  "projects.create": ["write"],
  "projects.readAny": ["admin"],
  "projects.review": ["write", "admin"],
  "projects.moderate": ["write", "admin"],
  "projects.override": ["write", "admin"],
  "users.readAny": ["admin"],
  "users.manage": ["write", "admin"],
  "users.suspend": ["write", "admin"],
  "users.roles": ["write", "admin"],
  "users.partner": ["write", "admin"],
  "warnings.read": ["admin"],
  "warnings.manage": ["write", "admin"],
  "audit.read": ["admin"],
  "webhooks.platform": ["write", "admin"],
  "mail.readOutbox": ["admin"],
  "users.delete": ["write", "admin"],
};

export interface PlatformSubject {
  platformRoles: readonly PlatformRole[];
  partnerStatus: PartnerStatus;
  /** The scopes of the token the caller uses; null or absent for a portal session. */
  scopes?: readonly TokenScope[] | null;
}

/** Whether the caller's credential lets `permission` count: the token scope rule. */
export function scopesAllow(scopes: readonly TokenScope[] | null | undefined, permission: PlatformPermission): boolean {
  return !scopes || PLATFORM_PERMISSION_SCOPES[permission].every((scope) => scopes.includes(scope));
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

/**
 * The one rule for platform permissions: the caller's roles carry `permission` (partner-gated
 * ones only while ACTIVE) and, for a token, its scopes allow it (`scopesAllow`). Every service
 * and page asks this.
 */
export function hasPlatformPermission(subject: PlatformSubject | null, permission: PlatformPermission): boolean {
  return subject !== null && platformPermissions(subject).has(permission) && scopesAllow(subject.scopes, permission);
}

/**
 * The token scopes `subject` may hand to a token it approves for someone else's client (device
 * sign-in): `read` and `write` for everyone; `admin` only for holders of a platform permission that
 * needs it (staff), since it would carry nothing for anyone else; and, for a token, never a scope
 * that token lacks (as a token minted with a token).
 */
export function grantableTokenScopes(subject: PlatformSubject): TokenScope[] {
  const held = platformPermissions(subject);
  const staff = [...held].some((permission) => PLATFORM_PERMISSION_SCOPES[permission].includes("admin"));
  const scopes: TokenScope[] = staff ? ["read", "write", "admin"] : ["read", "write"];
  return subject.scopes ? scopes.filter((scope) => subject.scopes!.includes(scope)) : scopes;
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

/** A caller and the account it acts on, for the account moderation rules below. */
export type StaffActor = PlatformSubject & { userId: string };
export type AccountTarget = PlatformSubject & { id: string };

/** Strictly higher platform rank: moderation of an account needs it. */
export function outranks(actor: PlatformSubject, target: PlatformSubject): boolean {
  return highestRank(target.platformRoles) < highestRank(actor.platformRoles);
}

/** Profile moderation (username, display name, avatar): `users.manage`, someone else, of lower rank. */
export function canEditProfileOf(actor: StaffActor, target: AccountTarget): boolean {
  return hasPlatformPermission(actor, "users.manage") && actor.userId !== target.id && outranks(actor, target);
}

/** Partner status: `users.partner`, never one's own, only of someone of lower rank. */
export function canSetPartnerStatusOf(actor: StaffActor, target: AccountTarget): boolean {
  return hasPlatformPermission(actor, "users.partner") && actor.userId !== target.id && outranks(actor, target);
}

/** Suspension: `users.suspend`, never oneself, someone of lower rank (a Project lead: anyone else). */
export function canSuspend(actor: StaffActor, target: AccountTarget): boolean {
  return (
    hasPlatformPermission(actor, "users.suspend") &&
    actor.userId !== target.id &&
    (outranks(actor, target) || actor.platformRoles.includes("PROJECT_LEAD"))
  );
}

/** Staff reset of someone's two-factor sign-in: `users.manage`, never one's own, only of someone of lower rank. */
export function canResetTwoFactorOf(actor: StaffActor, target: AccountTarget): boolean {
  return hasPlatformPermission(actor, "users.manage") && actor.userId !== target.id && outranks(actor, target);
}

/** A user's sign-in history: the user, or `users.readAny`. */
export function canReadLoginHistoryOf(actor: StaffActor, target: { id: string }): boolean {
  return actor.userId === target.id || hasPlatformPermission(actor, "users.readAny");
}

/**
 * Why a sign-in attempt did not succeed: the user of their own attempts (a plain reason on their
 * Security page), staff with `users.readAny` of anyone's. Attempts with an unknown login belong to
 * no user, so no reason tells anyone whether a name exists.
 */
export function canSeeSignInReasonsOf(actor: StaffActor, target: { id: string }): boolean {
  return actor.userId === target.id || hasPlatformPermission(actor, "users.readAny");
}

/**
 * Deleting someone else's account (DESIGN §3, `users.delete`): never one's own this way (that is
 * DELETE /users/me, with the password); a Team lead only accounts ranking below Team lead; a Project
 * lead any account.
 */
export function canDeleteAccountOf(actor: StaffActor, target: AccountTarget): boolean {
  if (!hasPlatformPermission(actor, "users.delete") || actor.userId === target.id) return false;
  return actor.platformRoles.includes("PROJECT_LEAD") || highestRank(target.platformRoles) < PLATFORM_ROLE_INFO.TEAM_LEAD.rank;
}
