import { handle, otherMethods } from "@/lib/http/route";
import { acknowledgeOperation } from "@/lib/reviews/operations";
import { acknowledgeChanges } from "@/lib/reviews/service";

export const POST = handle(acknowledgeOperation, async ({ actor, params, body, meta, ifMatch }) => ({
  body: await acknowledgeChanges(actor, params.projectId, body, meta, ifMatch),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(acknowledgeOperation.path);
