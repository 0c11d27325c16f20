import { handle, otherMethods } from "@/lib/http/route";
import { decideReleaseOperation } from "@/lib/releases/operations";
import { decideRelease } from "@/lib/reviews/release-review";

export const POST = handle(decideReleaseOperation, async ({ actor, params, body, meta, ifMatch }) =>
  decideRelease(actor, params.releaseId, body, ifMatch, meta),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(decideReleaseOperation.path);
