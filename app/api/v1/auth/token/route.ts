import { handle } from "@/lib/http/route";
import { createTokenWithPassword } from "@/lib/auth/token-sign-in";
import { createTokenWithPasswordOperation } from "@/lib/users/operations";

export const POST = handle(createTokenWithPasswordOperation, async ({ body, meta }) => ({
  status: 201,
  body: await createTokenWithPassword(body, meta),
}));
