"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { followProject, unfollowProject } from "@/lib/notifications/preferences";
import { portalAction, projectPath, projectTarget } from "@/lib/portal/action";

/** The project page's Follow button: the same service as PUT/DELETE /projects/{id}/follow. */
export const followAction = portalAction({
  signIn: projectPath(),
  args: z.tuple([projectTarget, z.boolean()]),
  run: async ([{ projectId }, follow], { actor }) => {
    if (follow) await followProject(actor, projectId);
    else await unfollowProject(actor, projectId);
    return (await getTranslations("projects.follow"))(follow ? "followed" : "unfollowed");
  },
});
