import { versionEtag } from "@/lib/http/etag";
import { handle, otherMethods } from "@/lib/http/route";
import { decisionOperation } from "@/lib/reviews/operations";
import { decideReview } from "@/lib/reviews/service";

export const POST = handle(decisionOperation, async ({ actor, params, body, meta, ifMatch }) => {
  const { projectVersion, ...decision } = await decideReview(actor, params.projectId, body, meta, ifMatch);
  return { body: decision, etag: versionEtag({ version: projectVersion }) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(decisionOperation.path);
