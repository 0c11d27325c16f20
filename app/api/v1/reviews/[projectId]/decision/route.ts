import { handle, otherMethods } from "@/lib/http/route";
import { projectEtag } from "@/lib/projects/present";
import { decisionOperation } from "@/lib/reviews/operations";
import { decideReview } from "@/lib/reviews/service";

export const POST = handle(decisionOperation, async ({ actor, params, body, meta, ifMatch }) => {
  const { projectVersion, access, ...decision } = await decideReview(actor, params.projectId, body, meta, ifMatch);
  return { body: decision, etag: projectEtag({ version: projectVersion }, access) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(decisionOperation.path);
