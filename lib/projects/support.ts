import type { Actor } from "../auth/actor";
import { inProject, moduleEnabled, type ProjectContext } from "./access";
import { settingsOf } from "./settings";
import { presentSupportLink, type SupportLinkView } from "./support-links";

/** The project's support links for whoever can see the project; 404 while CREATOR_SUPPORT is off. */
export async function listSupportLinks(actor: Actor | null, projectId: string): Promise<SupportLinkView[]> {
  const { project } = await inProject(actor, projectId, { module: "CREATOR_SUPPORT" });
  return settingsOf(project).supportLinks.map(presentSupportLink);
}

/** The same for the project page: empty while the module is off. */
export function supportLinksOf(context: ProjectContext): SupportLinkView[] {
  return moduleEnabled(context.project, "CREATOR_SUPPORT") ? settingsOf(context.project).supportLinks.map(presentSupportLink) : [];
}
