/**
 * What the launcher API offers (DESIGN.md sections 4 and 8.1). Pure data and functions: the
 * launcher directory and the manifest ask these.
 */
import type { ProjectAccess, ProjectVisibility } from "./project";

/** The visibilities the launcher offers to everyone who can see the project. */
export const LAUNCHER_VISIBILITIES: readonly ProjectVisibility[] = ["PUBLIC", "LAUNCHER"];

/**
 * Whether the launcher API serves this project (its manifest: launch settings, releases, files) to
 * the caller: a visible PUBLIC or LAUNCHER project to whoever sees it; an APPLICATION_ONLY or
 * PRIVATE project only to its members and to staff who see it as members do (`project.view`), so a
 * team can install its own builds. A signed-in stranger who may read an APPLICATION_ONLY project's
 * page gets 404 here.
 */
export function canUseInLauncher(access: ProjectAccess, project: { visibility: ProjectVisibility }): boolean {
  if (!access.visible) return false;
  return LAUNCHER_VISIBILITIES.includes(project.visibility) || access.permissions.has("project.view");
}
