import { handle, otherMethods } from "@/lib/http/route";
import { deleteProjectOperation, getProjectOperation, patchProjectOperation, replaceProjectOperation } from "@/lib/projects/operations";
import { projectEtag } from "@/lib/projects/present";
import { deleteProject, getProject, updatePresentation } from "@/lib/projects/service";

export const GET = handle(getProjectOperation, async ({ actor, params }) => {
  const { context, body } = await getProject(actor, params.id);
  return { body, etag: projectEtag(context.project, body.access) };
});

export const PUT = handle(replaceProjectOperation, async ({ actor, params, body, expectedVersion, meta }) => {
  const updated = await updatePresentation(actor, params.id, body, expectedVersion, meta);
  return { body: updated.body, etag: projectEtag(updated.project, updated.body.access) };
});

export const PATCH = handle(patchProjectOperation, async ({ actor, params, body, expectedVersion, meta }) => {
  const updated = await updatePresentation(actor, params.id, body, expectedVersion, meta);
  return { body: updated.body, etag: projectEtag(updated.project, updated.body.access) };
});

export const DELETE = handle(deleteProjectOperation, async ({ actor, params, expectedVersion, meta }) => {
  await deleteProject(actor, params.id, expectedVersion, meta);
  return { status: 204 };
});

export const { POST, OPTIONS } = otherMethods(getProjectOperation.path);
