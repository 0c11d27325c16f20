"use server";

import { z } from "zod";
import { manageWrite, portalAction, projectTarget } from "@/lib/portal/action";
import { updateModulesSchema } from "@/lib/projects/schemas";
import { updateModules } from "@/lib/projects/service";
import { savedAt } from "@/lib/portal/answers";

/**
 * The Modules tab's action. Each parses with the API's schema and calls the same service as
 * the API, which checks every permission again.
 */

const version = z.coerce.number().int();

export const saveModulesAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, updateModulesSchema, version]),
  run: ([{ projectId }, input, version], { actor, meta }) =>
    savedAt(updateModules(actor, projectId, input.modules, version, meta), "manage.done.modules"),
});
