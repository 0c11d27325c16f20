import type { Project } from "../db/generated/client";
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
  if (context && (context.membership || context.access.permissions.size > 0)) {
    const role = context.membership?.role;
    view.access = {
      role: role ? { id: role.id, key: role.key, name: role.name } : null,
      permissions: [...context.access.permissions].sort(),
      override: context.access.override,
    };
  }
  return view;
}
