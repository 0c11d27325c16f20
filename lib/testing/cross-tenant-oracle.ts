import type { Project, ProjectModule } from "../db/generated/client";
import { DEFAULT_PROJECT_ROLES, type DefaultRoleKey, type ProjectPermission } from "../permissions";

/**
 * The expected-visibility rules of DESIGN 4 and 8.1, written out once for every cross-tenant
 * table (app/api/v1/projects/*cross-tenant.test.ts). Deliberately not built from lib/permissions'
 * functions: it is the independent statement the service is checked against, so it reads the
 * rules from the design, not from the code under test. Only the default role table is shared.
 *
 * Each table names its callers and describes each with a profile: who they are to the project
 * (member, staff, anyone else signed in, or anonymous) and which project permissions they hold.
 */
export interface CallerProfile {
  signedIn: boolean;
  /** Holds a role in every project of the table. */
  member: boolean;
  /**
   * Sees every project as its members do (Support, Team lead, Project lead). A staff power counts
   * for a token only with the admin scope: without it the caller is an ordinary signed-in user.
   */
  staff: boolean;
  /** A token without the write scope: every change is 403 before anything else is looked at. */
  readOnly: boolean;
  permissions: readonly ProjectPermission[];
  /** Reviews projects and releases (projects.review: Team lead, Project lead; tokens with the admin scope). */
  reviewer?: boolean;
}

export const ANONYMOUS: CallerProfile = { signedIn: false, member: false, staff: false, readOnly: false, permissions: [] };
/** Signed in, neither member nor staff of the project. */
export const SIGNED_IN: CallerProfile = { signedIn: true, member: false, staff: false, readOnly: false, permissions: [] };

/** A member with a default role's (or a custom role's) permissions. */
export function memberWith(role: DefaultRoleKey | readonly ProjectPermission[], options: { readOnly?: boolean } = {}): CallerProfile {
  const permissions = typeof role === "string" ? DEFAULT_PROJECT_ROLES[role].permissions : role;
  return { signedIn: true, member: true, staff: false, readOnly: options.readOnly ?? false, permissions };
}

/**
 * Staff: the Project lead acts with Owner permissions and reviews; Support ("reader") and Team lead
 * ("reviewer") read a project and its members, and the Team lead reviews.
 */
export function staff(kind: "projectLead" | "reader" | "reviewer"): CallerProfile {
  const permissions: readonly ProjectPermission[] =
    kind === "projectLead" ? DEFAULT_PROJECT_ROLES.OWNER.permissions : ["project.view", "members.view"];
  return { signedIn: true, member: false, staff: true, readOnly: false, permissions, reviewer: kind !== "reader" };
}

/** The Owner of the project whose partner account is suspended: the Owner permissions are suspended with it, Member permissions remain. */
export const SUSPENDED_OWNER = memberWith("MEMBER");

/**
 * The team as the tables of a project's content call with it: the Owner, a Moderator, a Member,
 * the Owner whose partner account is suspended, and the Owner with a token without the write scope.
 */
export const TEAM_TOKENS = {
  owner: memberWith("OWNER"),
  moderator: memberWith("MODERATOR"),
  member: memberWith("MEMBER"),
  suspendedOwner: SUSPENDED_OWNER,
  readOnlyOwner: memberWith("OWNER", { readOnly: true }),
} as const satisfies Record<string, CallerProfile>;

/**
 * Staff calling with a token: the Project lead and Support with the admin scope act as staff; the
 * Project lead's token without it is an ordinary signed-in user's.
 */
export const STAFF_TOKENS = {
  projectLeadAdmin: staff("projectLead"),
  projectLeadNoAdmin: SIGNED_IN,
  supportAdmin: staff("reader"),
} as const satisfies Record<string, CallerProfile>;

/** Released: the public may see it at all. */
export const released = (p: Project) => p.status === "PUBLISHED" || p.status === "ARCHIVED";
/** In the public project list. */
export const listed = (p: Project) => released(p) && (p.visibility === "PUBLIC" || p.visibility === "APPLICATION_ONLY");
export const moduleOn = (p: Project, module: ProjectModule) => p.modules.includes(module);
/** The project offers pre-releases to everyone who sees its downloads (settings.offerPrereleases). */
export const offersPrereleases = (p: Project) => (p.settings as { offerPrereleases?: boolean } | null)?.offerPrereleases === true;

export interface ReleaseSpec {
  channel: "STABLE" | "BETA" | "ALPHA";
  state: "DRAFT" | "IN_REVIEW" | "PUBLISHED" | "REJECTED" | "YANKED";
}

/** The rules over a table's named callers. */
export function crossTenantOracle<Caller extends string>(profiles: Record<Caller, CallerProfile>) {
  const who = (caller: Caller) => profiles[caller];
  const has = (caller: Caller, permission: ProjectPermission) => who(caller).permissions.includes(permission);
  /** Members and staff see every project; others a released one that is not PRIVATE; APPLICATION_ONLY needs a sign-in. */
  function visible(caller: Caller, p: Project): boolean {
    const profile = who(caller);
    if (profile.member || profile.staff) return true;
    if (!released(p) || p.visibility === "PRIVATE") return false;
    return profile.signedIn || p.visibility !== "APPLICATION_ONLY";
  }
  /** The content of an APPLICATION_ONLY project (pages, releases, downloads) is for members and staff. */
  const seesMemberContent = (caller: Caller, p: Project) =>
    visible(caller, p) && (p.visibility !== "APPLICATION_ONLY" || who(caller).member || who(caller).staff);
  const seesDownloads = (caller: Caller, p: Project) => seesMemberContent(caller, p) && moduleOn(p, "DOWNLOADS");
  const reviews = (caller: Caller) => who(caller).reviewer === true;
  /**
   * Every release for releases.manage; every release but drafts for reviewers (DESIGN 8.2: a
   * release in review is theirs and the team's, nobody else's); published ones to everyone who
   * sees the downloads, pre-releases for releases.viewPrerelease or when the project offers them.
   */
  function seesRelease(caller: Caller, p: Project, release: ReleaseSpec): boolean {
    if (!seesDownloads(caller, p)) return false;
    if (has(caller, "releases.manage")) return true;
    if (reviews(caller) && release.state !== "DRAFT") return true;
    return (
      release.state === "PUBLISHED" && (release.channel === "STABLE" || has(caller, "releases.viewPrerelease") || offersPrereleases(p))
    );
  }
  /** Files without a release: on an untrusted project for the members who manage downloads or releases and for reviewers (DESIGN 8.2). */
  const seesLooseFiles = (caller: Caller, p: Project) =>
    seesDownloads(caller, p) && (p.trusted || has(caller, "downloads.manage") || has(caller, "releases.manage") || reviews(caller));
  /**
   * The launcher API offers PUBLIC and LAUNCHER projects (DESIGN 8.1) to whoever sees them; an
   * APPLICATION_ONLY or PRIVATE project only to its members and staff (issue 23, finding 10).
   */
  const seesInLauncher = (caller: Caller, p: Project) =>
    visible(caller, p) && (p.visibility === "PUBLIC" || p.visibility === "LAUNCHER" || who(caller).member || who(caller).staff);
  /** A change: 401 anonymous, 403 for a read-only token, 404 where the thing does not exist for the caller, then the permission. */
  function write(caller: Caller, exists: boolean, permission: ProjectPermission, success: number): number {
    if (!who(caller).signedIn) return 401;
    if (who(caller).readOnly) return 403;
    if (!exists) return 404;
    return has(caller, permission) ? success : 403;
  }
  return {
    /** The callers, in the order the profiles name them: the order a table calls as them. */
    callers: Object.keys(profiles) as Caller[],
    isMember: (caller: Caller) => who(caller).member,
    isStaff: (caller: Caller) => who(caller).staff,
    isAnonymous: (caller: Caller) => !who(caller).signedIn,
    has,
    visible,
    seesMemberContent,
    seesDownloads,
    seesRelease,
    seesLooseFiles,
    reviews,
    seesInLauncher,
    write,
  };
}
