/**
 * Who reads a project's content modules (DESIGN.md section 4). Pure functions; the module being
 * on is checked before these (with it off, nothing of the module exists).
 */
import type { ProjectAccess, ProjectContext } from "./project";

/**
 * Project pages: whoever sees the project, except on APPLICATION_ONLY projects, whose pages are
 * for members (and staff who see the project as members do, `project.view`).
 */
export function canReadPages(access: ProjectAccess, project: Pick<ProjectContext, "visibility">): boolean {
  if (!access.visible) return false;
  return project.visibility !== "APPLICATION_ONLY" || access.permissions.has("project.view");
}

/** Announcements go to whoever can see the project. */
export function canReadMessages(access: ProjectAccess): boolean {
  return access.visible;
}
