import { versionEtag } from "@/lib/http/etag";
import { handle, otherMethods } from "@/lib/http/route";
import { getModulesOperation, updateModulesOperation } from "@/lib/projects/operations";
import { getModules, updateModules } from "@/lib/projects/service";

export const GET = handle(getModulesOperation, async ({ actor, params }) => {
  const { project, body } = await getModules(actor, params.id);
  return { body, etag: versionEtag(project) };
});

export const PUT = handle(updateModulesOperation, async ({ actor, params, body, expectedVersion, meta }) => {
  const updated = await updateModules(actor, params.id, body.modules, expectedVersion, meta);
  return { body: updated.body, etag: versionEtag(updated.project) };
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods(getModulesOperation.path);
