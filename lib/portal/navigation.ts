import type { Actor } from "../auth/actor";
import { hasPlatformPermission, type PlatformPermission } from "../permissions";

/** A link of the portal header; `label` is a key of the "nav" messages. */
export interface NavItem {
  label: NavLabel;
  href: string;
}

export type NavLabel =
  | "projects"
  | "myProjects"
  | "myApplications"
  | "review"
  | "users"
  | "audit"
  | "outbox"
  | "webhooks"
  | "notifications"
  | "account"
  | "security"
  | "tokens";

interface Entry extends NavItem {
  /** Shown only to users holding this platform permission. */
  permission?: PlatformPermission;
  signedIn?: boolean;
}

const MAIN: Entry[] = [
  { label: "projects", href: "/projects" },
  { label: "myProjects", href: "/my-projects", signedIn: true },
];

const STAFF: Entry[] = [
  { label: "review", href: "/review", permission: "projects.review" },
  { label: "users", href: "/admin/users", permission: "users.readAny" },
  { label: "audit", href: "/admin/audit", permission: "audit.read" },
  { label: "outbox", href: "/admin/outbox", permission: "mail.readOutbox" },
  { label: "webhooks", href: "/admin/webhooks", permission: "webhooks.platform" },
];

const ACCOUNT: Entry[] = [
  { label: "account", href: "/account" },
  { label: "security", href: "/account/security" },
  { label: "tokens", href: "/account/tokens" },
  { label: "myApplications", href: "/my-applications" },
  { label: "notifications", href: "/notifications" },
];

const visibleTo = (actor: Actor | null) => (entry: Entry) =>
  (!entry.signedIn || actor !== null) && (!entry.permission || hasPlatformPermission(actor, entry.permission));

const strip = ({ label, href }: Entry): NavItem => ({ label, href });

/** The portal header for this user: main links, the staff menu and the account menu (menus follow the permission library). */
export function navigationFor(actor: Actor | null) {
  return {
    main: MAIN.filter(visibleTo(actor)).map(strip),
    staff: STAFF.filter(visibleTo(actor)).map(strip),
    account: actor ? ACCOUNT.map(strip) : [],
  };
}

/**
 * Where a user lands after signing in without a page to return to: where their work is.
 * Reviewers go to the review queue, support to the users, partners and team members to their projects, everyone else
 * to their account.
 */
export function landingFor(actor: Actor, hasProjects: boolean): string {
  if (hasPlatformPermission(actor, "projects.review")) return "/review";
  if (hasPlatformPermission(actor, "users.manage")) return "/admin/users";
  if (actor.platformRoles.includes("PARTNER") || hasProjects) return "/my-projects";
  return "/account";
}

/**
 * Which of the header's links is the page being shown (for `aria-current`): the longest link
 * whose path is the page's path or a folder above it ("/account" on /account, "/account/security"
 * on /account/security). Links to a part of a page (#tokens) are never current.
 */
export function currentHref(hrefs: string[], pathname: string): string | null {
  const matches = hrefs.filter((href) => !href.includes("#") && (pathname === href || (href !== "/" && pathname.startsWith(`${href}/`))));
  return matches.sort((a, b) => b.length - a.length)[0] ?? null;
}
