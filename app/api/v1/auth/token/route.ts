import { DEVICE_COOKIE } from "@/lib/auth/config";
import { createTokenWithPassword } from "@/lib/auth/token-sign-in";
import { handle, readCookie } from "@/lib/http/route";
import { createTokenWithPasswordOperation } from "@/lib/users/operations";

export const POST = handle(createTokenWithPasswordOperation, async ({ body, meta, request }) => ({
  status: 201,
  body: await createTokenWithPassword(body, meta, readCookie(request.headers.get("cookie"), DEVICE_COOKIE) ?? null),
}));
