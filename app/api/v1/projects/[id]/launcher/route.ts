import { handle, otherMethods } from "@/lib/http/route";
import { getLauncherSettings, updateLauncherSettings } from "@/lib/launcher/service";
import { getLauncherOperation, updateLauncherOperation } from "@/lib/launcher/operations";

export const GET = handle(getLauncherOperation, async ({ actor, params }) => ({ body: await getLauncherSettings(actor, params.id) }));

export const PUT = handle(updateLauncherOperation, async ({ actor, params, body, meta }) => ({
  body: await updateLauncherSettings(actor, params.id, body, meta),
}));

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods(getLauncherOperation.path);
