"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { launcherSettingsSchema } from "@/lib/launcher/schemas";
import { updateLauncherSettings } from "@/lib/launcher/service";
import { manageWrite, portalAction, projectTarget } from "@/lib/portal/action";

/**
 * The Launcher tab's action. Each parses with the API's schema and calls the same service as
 * the API, which checks every permission again.
 */

export const saveLauncherAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, launcherSettingsSchema]),
  run: async ([{ projectId }, input], { actor, meta }) => {
    await updateLauncherSettings(actor, projectId, input, meta);
    return (await getTranslations("manage.done"))("launcher");
  },
});
