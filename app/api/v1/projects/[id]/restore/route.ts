import { versionEtag } from "@/lib/http/etag";
import { handle, otherMethods } from "@/lib/http/route";
import { restoreProjectOperation } from "@/lib/projects/operations";
import { presentProject } from "@/lib/projects/present";
import { restoreProject } from "@/lib/projects/service";

export const POST = handle(restoreProjectOperation, async ({ actor, params, meta }) => {
  const project = await restoreProject(actor, params.id, meta);
  return { body: presentProject(project), etag: versionEtag(project) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(restoreProjectOperation.path);
