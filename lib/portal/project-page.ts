import { notFound } from "next/navigation";
import { cache } from "react";
import { getPortalActor } from "../auth/portal";
import { NotFound } from "../errors";
import { canOpenManagement } from "../permissions";
import { inProject } from "../projects/access";
import { findProjectIdBySlug } from "../projects/service";

/**
 * The project of a portal page, as the signed-in user may see it; invisible or absent projects
 * render the 404 page, exactly like the API answers 404.
 */
export const loadProjectPage = cache(async (slug: string) => {
  const actor = await getPortalActor();
  try {
    const context = await inProject(actor, await findProjectIdBySlug(slug));
    return { actor, ...context };
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
});

/**
 * A page of the project's management area: for the team and staff only (lib/permissions
 * `canOpenManagement`); anyone else gets the 404 page, as for a project they cannot see.
 */
export const loadManagePage = cache(async (slug: string) => {
  const context = await loadProjectPage(slug);
  if (!canOpenManagement(context.access)) notFound();
  return context;
});

/** The management tabs, each shown only with the permission it needs; names in `manage.tabs`. */
export const MANAGE_TABS = [
  { href: "", key: "presentation", permission: "project.edit" },
  { href: "/review", key: "review", permission: "project.view" },
  { href: "/team", key: "team", permission: "members.view" },
  { href: "/roles", key: "roles", permission: "members.view" },
  { href: "/applications", key: "applications", permission: "applications.view", module: "APPLICATIONS" },
  { href: "/modules", key: "modules", permission: "project.settings" },
  { href: "/settings", key: "settings", permission: "project.settings" },
  { href: "/releases", key: "releases", permission: "releases.manage", module: "DOWNLOADS" },
  { href: "/files", key: "files", permission: "downloads.manage", module: "DOWNLOADS" },
  { href: "/launcher", key: "launcher", permission: "launcher.manage", module: "LAUNCHER" },
  { href: "/pages", key: "pages", permission: "pages.manage", module: "PROJECT_PAGES" },
  { href: "/messages", key: "messages", permission: "messages.manage", module: "MESSAGES" },
] as const;

/** A management tab's name (`manage.tabs.<key>`). */
export type ManageTabKey = (typeof MANAGE_TABS)[number]["key"];
