import type { Project } from "../db/generated/client";
import type { FieldError } from "../errors";
import { unmetModuleRequirements } from "../projects/schemas";
import { settingsOf } from "../projects/settings";

const MIN_DESCRIPTION = 30;

/**
 * What a project needs before review: the presentation filled in, and every enabled module set
 * up, with the modules it needs (the launcher needs Releases and downloads). Disabled modules are not looked at; Applications works with its defaults (the form falls back
 * to a general question when the project sets no prompt); Project pages need a page to show;
 * Creator support needs a link; Messages needs nothing (announcements come once the project is
 * out). Returns what is missing (empty when complete).
 */
export function missingForReview(project: Project, extras: { launcherConfigured: boolean; pageCount: number }): FieldError[] {
  const missing: FieldError[] = [];
  if (project.description.trim().length < MIN_DESCRIPTION)
    missing.push({ path: "description", message: `Describe the project in at least ${MIN_DESCRIPTION} characters.` });
  if (!project.game.trim()) missing.push({ path: "game", message: "Name the game the project belongs to." });
  if (!project.category.trim()) missing.push({ path: "category", message: "Choose a category." });
  if (!project.logoUrl) missing.push({ path: "logoUrl", message: "Add a logo." });
  const settings = settingsOf(project);
  for (const { message } of unmetModuleRequirements(project.modules)) missing.push({ path: "modules", message });
  if (project.modules.includes("LAUNCHER") && !extras.launcherConfigured)
    missing.push({ path: "launcher", message: "Set up the launcher integration (or turn the module off)." });
  if (project.modules.includes("PROJECT_PAGES") && extras.pageCount === 0)
    missing.push({ path: "pages", message: "Write at least one project page (or turn Project pages off)." });
  if (project.modules.includes("CREATOR_SUPPORT") && settings.supportLinks.length === 0)
    missing.push({ path: "settings.supportLinks", message: "Add at least one support link (or turn Creator support off)." });
  return missing;
}
