import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { getPortalActor } from "../auth/portal";
import { NotFound } from "../errors";
import {
  asksVisitorToSignIn,
  canOpenManagement,
  canPreviewAsPublic,
  hasPlatformPermission,
  previewStatus,
  projectAccess,
} from "../permissions";
import { db } from "../db/client";
import type { Actor } from "../auth/actor";
import type { ProjectPermission } from "../permissions";
import { inProject, moduleEnabled, type ProjectContext } from "../projects/access";
import type { ProjectModuleName } from "../projects/schemas";
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
    if (!(error instanceof NotFound)) throw error;
    if (!actor && (await listedForSignedIn(slug))) redirect(`/sign-in?next=${encodeURIComponent(`/projects/${slug}`)}`);
    notFound();
  }
});

/**
 * The person a preview shows the page to when that is not a signed-out visitor: a signed-in user
 * with no platform role, who is on no team. No such account exists; the preview's buttons act on
 * nothing (app/projects/[slug]/preview/actions.ts).
 */
const PREVIEW_PERSON: Actor = {
  userId: "preview",
  username: "preview",
  displayName: "",
  platformRoles: [],
  partnerStatus: "NONE",
  via: "SESSION",
  sessionId: null,
  tokenId: null,
  scopes: null,
  language: null,
  theme: "system",
  avatarUrl: null,
};

/** Who a preview shows the page to: the audience that sees the most of it from outside the team. */
export type PreviewAudience = "visitor" | "signedIn" | "member";

/**
 * "Preview as public": the project page's context as its audience will have it once the project is
 * published (lib/permissions `canPreviewAsPublic`, `previewStatus`, `projectAccess`): a signed-out
 * visitor where they see it; for APPLICATION_ONLY a signed-in user who is not on the team (visitors
 * are asked to sign in); for PRIVATE, which nobody outside the team sees, a team member with the
 * Member role. Anyone who may not preview gets the 404 page.
 */
export async function loadPublicPreview(slug: string) {
  const context = await loadProjectPage(slug);
  if (!canPreviewAsPublic(context.access)) notFound();
  const project = { ...context.project, status: previewStatus(context.project) };
  const anonymous = projectAccess(null, null, project);
  const signedIn = projectAccess(PREVIEW_PERSON, null, project);
  let audience: PreviewAudience;
  let view: ProjectContext & { actor: Actor | null };
  if (anonymous.visible) {
    audience = "visitor";
    view = { actor: null, project, membership: null, access: anonymous };
  } else if (signedIn.visible) {
    audience = "signedIn";
    view = { actor: PREVIEW_PERSON, project, membership: null, access: signedIn };
  } else {
    audience = "member";
    const role = await db.projectRole.findFirstOrThrow({ where: { projectId: project.id, key: "MEMBER" } });
    const membership = {
      id: "preview",
      projectId: project.id,
      userId: PREVIEW_PERSON.userId,
      roleId: role.id,
      createdAt: new Date(),
      role,
    };
    view = { actor: PREVIEW_PERSON, project, membership, access: projectAccess(PREVIEW_PERSON, role, project) };
  }
  return {
    project: context.project,
    audience,
    view,
    /** Whether the viewer reviews projects: the preview then leads back to the review when opened from it. */
    reviewer: context.actor !== null && hasPlatformPermission(context.actor, "projects.review"),
  };
}

/** Whether a signed-out visitor is to be asked to sign in for this project (lib/permissions `asksVisitorToSignIn`). */
async function listedForSignedIn(slug: string): Promise<boolean> {
  return (await projectAskingToSignIn(slug)) !== null;
}

/** The name of the project behind `slug` when it asks signed-out visitors to sign in; null for every other project, or none. */
async function projectAskingToSignIn(slug: string): Promise<string | null> {
  const project = await db.project.findFirst({ where: { slug, deletedAt: null }, select: { name: true, status: true, visibility: true } });
  return project !== null && asksVisitorToSignIn(project) ? project.name : null;
}

/**
 * The project a sign-in page was sent to from (`next` is `/projects/<slug>`), by name, when that
 * project is one signed-out visitors are asked to sign in for: the page says why it asks. Any other
 * project (a private one above all) is not named.
 */
export async function signInAskedFor(next: string | undefined): Promise<string | null> {
  const slug = next?.match(/^\/projects\/([a-z0-9-]+)$/)?.[1];
  return slug ? projectAskingToSignIn(slug) : null;
}

/**
 * A page of the project's management area: for the team and staff only (lib/permissions
 * `canOpenManagement`); anyone else gets the 404 page, as for a project they cannot see.
 */
export const loadManagePage = cache(async (slug: string) => {
  const context = await loadProjectPage(slug);
  if (!canOpenManagement(context.access)) notFound();
  return context;
});

/** The groups of the management navigation, in order (names in `manage.groups`). */
export const MANAGE_GROUPS = ["project", "people", "content"] as const;
export type ManageGroup = (typeof MANAGE_GROUPS)[number];

/**
 * The management tabs: the one table that decides both which tabs the layout shows and how each
 * tab's page opens (`openManageTab`). A tab needs its permission; a tab with a module exists only
 * while that module is on. Each tab sits in a group of the side navigation, in this order. Names
 * in `manage.tabs`.
 */
export const MANAGE_TABS = [
  { href: "", key: "presentation", group: "project", permission: "project.edit" },
  { href: "/modules", key: "modules", group: "project", permission: "project.settings" },
  { href: "/settings", key: "settings", group: "project", permission: "project.settings" },
  { href: "/webhooks", key: "webhooks", group: "project", permission: "webhooks.manage" },
  { href: "/review", key: "review", group: "project", permission: "project.view" },
  { href: "/team", key: "team", group: "people", permission: "members.view" },
  { href: "/roles", key: "roles", group: "people", permission: "members.view" },
  { href: "/applications", key: "applications", group: "people", permission: "applications.view", module: "APPLICATIONS" },
  { href: "/releases", key: "releases", group: "content", permission: "releases.manage", module: "DOWNLOADS" },
  { href: "/files", key: "files", group: "content", permission: "downloads.manage", module: "DOWNLOADS" },
  { href: "/launcher", key: "launcher", group: "content", permission: "launcher.manage", module: "LAUNCHER" },
  { href: "/pages", key: "pages", group: "content", permission: "pages.manage", module: "PROJECT_PAGES" },
  { href: "/messages", key: "messages", group: "content", permission: "messages.manage", module: "MESSAGES" },
] as const satisfies readonly {
  href: string;
  key: string;
  group: ManageGroup;
  permission: ProjectPermission;
  module?: ProjectModuleName;
}[];

type ManageTab = (typeof MANAGE_TABS)[number];

/** A management tab's name (`manage.tabs.<key>`). */
export type ManageTabKey = ManageTab["key"];

type ManageContext = Awaited<ReturnType<typeof loadManagePage>>;

/** What deciding a tab reads of the page context. */
type TabDeciding = Pick<ManageContext, "actor"> & {
  project: Pick<ManageContext["project"], "modules">;
  access: Pick<ManageContext["access"], "permissions">;
};

function tabOf(key: ManageTabKey): ManageTab {
  const tab = MANAGE_TABS.find((candidate) => candidate.key === key);
  if (!tab) throw new Error(`Unknown management tab: ${key}`);
  return tab;
}

/**
 * How a tab opens for this context: a tab whose module is off does not exist (404, for everyone,
 * staff included); without the permission it shows "no access".
 */
export function manageTabState(key: ManageTabKey, { actor, project, access }: TabDeciding): "open" | "no-access" | "not-found" {
  const tab = tabOf(key);
  if ("module" in tab && !moduleEnabled(project, tab.module)) return "not-found";
  if (!actor || !access.permissions.has(tab.permission)) return "no-access";
  return "open";
}

/** The tabs the layout shows: exactly those whose pages open. */
export function visibleManageTabs(context: TabDeciding): ManageTab[] {
  return MANAGE_TABS.filter((tab) => manageTabState(tab.key, context) === "open");
}

/** A tab page opened: its context, or the tab the user may not open (render `<NoAccess what={denied} />`). */
export type ManageTabOpening = ManageTabContext | { denied: ManageTabKey };

/** An opened tab: the page context with a signed-in actor. */
export type ManageTabContext = ManageContext & { actor: Actor; denied: null };

/**
 * Every management tab page opens here: the page context as `loadManagePage` loads it, then the
 * tab's own entry in `MANAGE_TABS` decides 404 or "no access", the same entry the layout reads.
 */
export async function openManageTab(slug: string, key: ManageTabKey): Promise<ManageTabOpening> {
  const context = await loadManagePage(slug);
  const state = manageTabState(key, context);
  if (state === "not-found") notFound();
  if (state === "no-access" || !context.actor) return { denied: key };
  return { ...context, actor: context.actor, denied: null };
}

/**
 * Where each item of the submission checklist (lib/reviews/completeness.ts, by path) is fixed:
 * its tab, and the field's id on that tab's page.
 */
const MISSING_ITEM_PLACES: Record<string, { tab: ManageTabKey; href: string }> = {
  description: { tab: "presentation", href: "#description" },
  game: { tab: "presentation", href: "#game" },
  category: { tab: "presentation", href: "#category" },
  logoUrl: { tab: "presentation", href: "#logoUrl" },
  modules: { tab: "modules", href: "/modules" },
  launcher: { tab: "launcher", href: "/launcher" },
  pages: { tab: "pages", href: "/pages/new" },
  "settings.supportLinks": { tab: "settings", href: "/settings#supportLinks" },
};

/**
 * The link of a missing item for this user, below the project's management address: null when the
 * item has no place or the user cannot open its tab (then the item is plain text).
 */
export function missingItemHref(path: string, context: TabDeciding): string | null {
  const place = MISSING_ITEM_PLACES[path];
  if (!place || manageTabState(place.tab, context) !== "open") return null;
  return place.href;
}
