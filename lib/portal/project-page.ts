import { notFound } from "next/navigation";
import { cache } from "react";
import { getPortalActor } from "../auth/portal";
import { NotFound } from "../errors";
import { canOpenManagement } from "../permissions";
import { loadProject } from "../projects/access";
import { findProjectIdBySlug } from "../projects/service";

/**
 * The project of a portal page, as the signed-in user may see it; invisible or absent projects
 * render the 404 page, exactly like the API answers 404.
 */
export const loadProjectPage = cache(async (slug: string) => {
  const actor = await getPortalActor();
  try {
    const context = await loadProject(actor, await findProjectIdBySlug(slug));
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

/** The management tabs, each shown only with the permission it needs. */
export const MANAGE_TABS = [
  { href: "", label: "Presentation", permission: "project.edit" },
  { href: "/review", label: "Review", permission: "project.view" },
  { href: "/team", label: "Team", permission: "members.view" },
  { href: "/roles", label: "Roles", permission: "members.view" },
  { href: "/applications", label: "Applications", permission: "applications.view", module: "APPLICATIONS" },
  { href: "/modules", label: "Modules", permission: "project.settings" },
  { href: "/settings", label: "Settings", permission: "project.settings" },
  { href: "/releases", label: "Releases", permission: "releases.manage", module: "DOWNLOADS" },
  { href: "/files", label: "Files", permission: "downloads.manage", module: "DOWNLOADS" },
  { href: "/launcher", label: "Launcher", permission: "launcher.manage", module: "LAUNCHER" },
  { href: "/pages", label: "Pages", permission: "pages.manage", module: "PROJECT_PAGES" },
  { href: "/messages", label: "Messages", permission: "messages.manage", module: "MESSAGES" },
] as const;
