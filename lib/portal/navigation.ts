import type { Actor } from "../auth/actor";
import { hasPlatformPermission, type PlatformPermission } from "../permissions";

interface NavItem {
  label: string;
  href: string;
  /** Shown only to users holding this platform permission. */
  permission?: PlatformPermission;
  signedIn?: boolean;
}

const ITEMS: NavItem[] = [
  { label: "Projects", href: "/projects" },
  { label: "My projects", href: "/my-projects", signedIn: true },
  { label: "My applications", href: "/my-applications", signedIn: true },
  { label: "Review", href: "/review", permission: "projects.review" },
  { label: "Users", href: "/admin/users", permission: "users.readAny" },
  { label: "Audit", href: "/admin/audit", permission: "audit.read" },
  { label: "Outbox", href: "/admin/outbox", permission: "mail.readOutbox" },
  { label: "API reference", href: "/api-docs" },
  { label: "Notifications", href: "/notifications", signedIn: true },
  { label: "Mailbox", href: "/mailbox", signedIn: true },
  { label: "Account", href: "/account", signedIn: true },
  { label: "Security", href: "/account/security", signedIn: true },
];

/** The navigation of the portal header for this user (menus follow the permission library). */
export function navigationFor(actor: Actor | null) {
  return ITEMS.filter((item) => (!item.signedIn || actor) && (!item.permission || hasPlatformPermission(actor, item.permission)));
}
