import { handle, otherMethods } from "@/lib/http/route";
import { transferOwnership } from "@/lib/members/service";
import { transferOwnershipOperation } from "@/lib/members/operations";

export const POST = handle(transferOwnershipOperation, async ({ actor, params, body, meta }) => ({
  body: { data: await transferOwnership(actor, params.id, body.userId, meta) },
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(transferOwnershipOperation.path);
