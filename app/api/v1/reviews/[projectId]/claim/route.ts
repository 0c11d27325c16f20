import { handle, otherMethods } from "@/lib/http/route";
import { claimOperation, releaseClaimOperation } from "@/lib/reviews/operations";
import { claimReview, releaseClaim } from "@/lib/reviews/service";

export const POST = handle(claimOperation, async ({ actor, params, meta }) => ({ body: await claimReview(actor, params.projectId, meta) }));

export const DELETE = handle(releaseClaimOperation, async ({ actor, params, meta }) => {
  await releaseClaim(actor, params.projectId, meta);
  return { status: 204 };
});

export const { GET, PUT, PATCH, OPTIONS } = otherMethods(claimOperation.path);
