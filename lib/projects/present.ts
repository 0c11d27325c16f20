import type { Project } from "../db/generated/client";
import { versionEtag } from "../http/etag";
import type { ProjectContext } from "./access";
import type { ProjectView } from "./schemas";

export function presentProject(project: Project, context?: Pick<ProjectContext, "membership" | "access">): ProjectView {
  const view: ProjectView = {
    id: project.id,
    slug: project.slug,
    name: project.name,
    description: project.description,
    game: project.game,
    category: project.category,
    bannerUrl: project.bannerUrl,
    logoUrl: project.logoUrl,
    websiteUrl: project.websiteUrl,
    chatUrl: project.chatUrl,
    trailerUrl: project.trailerUrl,
    status: project.status,
    visibility: project.visibility,
    modules: project.modules,
    trusted: project.trusted,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
  const access = presentAccess(context);
  if (access) view.access = access;
  return view;
}

/** What the caller may do in the project (`access` of the project view); none for a visitor. */
export function presentAccess(context: Pick<ProjectContext, "membership" | "access"> | undefined): ProjectView["access"] {
  if (!context || (!context.membership && context.access.permissions.size === 0)) return undefined;
  const role = context.membership?.role;
  return {
    role: role ? { id: role.id, key: role.key, name: role.name } : null,
    permissions: [...context.access.permissions].sort(),
    override: context.access.override,
  };
}

/**
 * The project's ETag as the caller's own read sends it: the version, and a suffix for their access
 * (lib/http/etag.ts). Every answer that names the project's state (a read, a write, a status change,
 * a review decision) sends this one, so that it can go straight into If-None-Match or If-Match.
 */
export function projectEtag(project: { version: number }, access: ProjectView["access"]): string {
  return versionEtag(project, access);
}
