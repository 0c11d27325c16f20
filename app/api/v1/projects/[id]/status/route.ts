import { handle, otherMethods } from "@/lib/http/route";
import { projectEtag } from "@/lib/projects/present";
import { changeStatusOperation } from "@/lib/reviews/operations";
import { changeStatus } from "@/lib/reviews/service";

export const POST = handle(changeStatusOperation, async ({ actor, params, body, meta }) => {
  const { project, access, history } = await changeStatus(actor, params.id, body, meta);
  return { body: history, etag: projectEtag(project, access) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(changeStatusOperation.path);
