"use server";

import { z } from "zod";
import { launcherSettingsSchema } from "@/lib/launcher/schemas";
import { updateLauncherSettings } from "@/lib/launcher/service";
import { manageWrite, portalAction, projectTarget } from "@/lib/portal/action";
import { done } from "@/lib/portal/answers";

/**
 * The Launcher tab's action. Each parses with the API's schema and calls the same service as
 * the API, which checks every permission again.
 */

export const saveLauncherAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, launcherSettingsSchema]),
  run: ([{ projectId }, input], { actor, meta }) => done(updateLauncherSettings(actor, projectId, input, meta), "manage.done.launcher"),
});
