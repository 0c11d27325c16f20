import { created, handle, otherMethods } from "@/lib/http/route";
import { createOwnToken } from "@/lib/account/tokens";
import { listTokens } from "@/lib/auth/tokens";
import { createTokenOperation, listTokensOperation } from "@/lib/users/operations";

export const GET = handle(listTokensOperation, async ({ actor }) => ({ body: { data: await listTokens(actor.userId) } }));

export const POST = handle(createTokenOperation, async ({ actor, body, meta }) => {
  const token = await createOwnToken(actor, body, meta);
  return created(token, `/api/v1/users/me/tokens/${token.id}`);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listTokensOperation.path);
