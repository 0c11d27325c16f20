import { handle } from "@/lib/http/route";
import { decisionOperation } from "@/lib/reviews/operations";
import { decideReview } from "@/lib/reviews/service";

export const POST = handle(decisionOperation, async ({ actor, params, body, meta }) => ({ body: await decideReview(actor, params.projectId, body, meta) }));
