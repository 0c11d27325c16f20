import { handle, otherMethods } from "@/lib/http/route";
import { reviewQueueOperation } from "@/lib/reviews/operations";
import { listQueue } from "@/lib/reviews/service";

export const GET = handle(reviewQueueOperation, async ({ actor, query }) => ({ body: await listQueue(actor, query) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(reviewQueueOperation.path);
