import { versionEtag } from "@/lib/http/etag";
import { handle, otherMethods } from "@/lib/http/route";
import { getSettingsOperation, updateSettingsOperation } from "@/lib/projects/operations";
import { getSettings, updateSettings } from "@/lib/projects/settings";

export const GET = handle(getSettingsOperation, async ({ actor, params }) => {
  const { project, body } = await getSettings(actor, params.id);
  return { body, etag: versionEtag(project) };
});

export const PUT = handle(updateSettingsOperation, async ({ actor, params, body, expectedVersion, meta }) => {
  const updated = await updateSettings(actor, params.id, body, expectedVersion, meta);
  return { body: updated.body, etag: versionEtag(updated.project) };
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods(getSettingsOperation.path);
