import { z } from "zod";
import { defineOperation, idSchema, problem } from "../http/operation";
import { launcherSettingsSchema } from "./schemas";

const projectParams = z.strictObject({ id: idSchema });

export const getLauncherOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/launcher",
  tag: "Launcher",
  summary: "The project's launcher integration (LAUNCHER module)",
  auth: "required",
  params: projectParams,
  responses: { 200: { description: "Launcher settings", schema: launcherSettingsSchema }, 404: problem("Not visible, or the LAUNCHER module is off") },
});

export const updateLauncherOperation = defineOperation({
  method: "PUT",
  path: "/api/v1/projects/{id}/launcher",
  tag: "Launcher",
  summary: "Configure the launcher integration",
  auth: "required",
  params: projectParams,
  body: launcherSettingsSchema,
  responses: { 200: { description: "Launcher settings", schema: launcherSettingsSchema }, 403: problem("Needs launcher.manage"), 404: problem("Not visible, or the LAUNCHER module is off") },
});
