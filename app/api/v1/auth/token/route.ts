import { created, handle } from "@/lib/http/route";
import { createTokenWithPassword } from "@/lib/auth/token-sign-in";
import { createTokenWithPasswordOperation } from "@/lib/users/operations";

export const POST = handle(createTokenWithPasswordOperation, async ({ body, meta }) => {
  const token = await createTokenWithPassword(body, meta);
  return created(token, `/api/v1/users/me/tokens/${token.id}`);
});
