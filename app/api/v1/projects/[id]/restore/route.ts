import { handle, otherMethods } from "@/lib/http/route";
import { restoreProjectOperation } from "@/lib/projects/operations";
import { projectEtag } from "@/lib/projects/present";
import { getProject, restoreProject } from "@/lib/projects/service";

export const POST = handle(restoreProjectOperation, async ({ actor, params, meta }) => {
  await restoreProject(actor, params.id, meta);
  // Answered as the caller's read shows it (their access included), with that read's ETag.
  const { context, body } = await getProject(actor, params.id);
  return { body, etag: projectEtag(context.project, body.access) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(restoreProjectOperation.path);
