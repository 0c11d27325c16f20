"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { manageWrite, portalAction, projectTarget } from "@/lib/portal/action";
import { updateSettingsSchema } from "@/lib/projects/schemas";
import { deleteProject } from "@/lib/projects/service";
import { updateSettings } from "@/lib/projects/settings";

/**
 * The Settings tab's actions. Each parses with the API's schema and calls the same service as
 * the API, which checks every permission again.
 */

const version = z.coerce.number().int();

export const saveSettingsAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, updateSettingsSchema, version]),
  run: async ([{ projectId }, input, version], { actor, meta }) => {
    const { project } = await updateSettings(actor, projectId, input, version, meta);
    return { message: (await getTranslations("manage.done"))("settings"), data: { version: project.version } };
  },
});

export const deleteProjectAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, version]),
  run: async ([{ projectId }, version], { actor, meta }) => {
    await deleteProject(actor, projectId, version, meta);
    return (await getTranslations("manage.done"))("deleted");
  },
  redirect: () => "/my-projects?deleted=1",
});
