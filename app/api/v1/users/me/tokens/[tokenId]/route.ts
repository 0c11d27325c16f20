import { auditContext } from "@/lib/auth/actor";
import { revokeToken } from "@/lib/auth/tokens";
import { handle, otherMethods } from "@/lib/http/route";
import { deleteTokenOperation } from "@/lib/users/operations";

export const DELETE = handle(deleteTokenOperation, async ({ actor, params, meta }) => {
  await revokeToken(actor.userId, params.tokenId, auditContext(actor, meta));
  return { status: 204 };
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(deleteTokenOperation.path);
