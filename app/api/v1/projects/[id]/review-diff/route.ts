import { handle, otherMethods } from "@/lib/http/route";
import { reviewDiffOperation } from "@/lib/reviews/operations";
import { getReviewDiff } from "@/lib/reviews/service";

export const GET = handle(reviewDiffOperation, async ({ actor, params }) => ({ body: await getReviewDiff(actor, params.id) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(reviewDiffOperation.path);
