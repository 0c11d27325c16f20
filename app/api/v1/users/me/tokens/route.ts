import { handle } from "@/lib/http/route";
import { createOwnToken } from "@/lib/auth/token-management";
import { listTokens } from "@/lib/auth/tokens";
import { createTokenOperation, listTokensOperation } from "@/lib/users/operations";

export const GET = handle(listTokensOperation, async ({ actor }) => ({ body: { data: await listTokens(actor.userId) } }));

export const POST = handle(createTokenOperation, async ({ actor, body, meta }) => ({
  status: 201,
  body: await createOwnToken(actor, body, meta),
}));
