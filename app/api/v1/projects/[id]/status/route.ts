import { versionEtag } from "@/lib/http/etag";
import { handle, otherMethods } from "@/lib/http/route";
import { changeStatusOperation } from "@/lib/reviews/operations";
import { changeStatus } from "@/lib/reviews/service";

export const POST = handle(changeStatusOperation, async ({ actor, params, body, meta }) => {
  const { project, history } = await changeStatus(actor, params.id, body, meta);
  return { body: history, etag: versionEtag(project) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(changeStatusOperation.path);
