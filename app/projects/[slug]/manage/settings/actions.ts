"use server";

import { z } from "zod";
import { manageWrite, portalAction, projectTarget } from "@/lib/portal/action";
import { updateSettingsSchema } from "@/lib/projects/schemas";
import { deleteProject } from "@/lib/projects/service";
import { updateSettings } from "@/lib/projects/settings";
import { done, savedAt } from "@/lib/portal/answers";

/**
 * The Settings tab's actions. Each parses with the API's schema and calls the same service as
 * the API, which checks every permission again.
 */

const version = z.coerce.number().int();
/** The tab's two writes: signing in leads back to the project's management, success refreshes the project. */
const settingsTab = manageWrite();

export const saveSettingsAction = portalAction({
  ...settingsTab,
  args: z.tuple([projectTarget, updateSettingsSchema, version]),
  run: ([{ projectId }, input, version], { actor, meta }) =>
    savedAt(updateSettings(actor, projectId, input, version, meta), "manage.done.settings"),
});

export const deleteProjectAction = portalAction({
  ...settingsTab,
  args: z.tuple([projectTarget, version]),
  run: ([{ projectId }, version], { actor, meta }) => done(deleteProject(actor, projectId, version, meta), "manage.done.deleted"),
  redirect: () => "/my-projects?deleted=1",
});
