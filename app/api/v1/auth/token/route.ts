import { DEVICE_COOKIE } from "@/lib/auth/config";
import { createTokenWithPassword } from "@/lib/auth/tokens";
import { created, handle, otherMethods, readCookie } from "@/lib/http/route";
import { createTokenWithPasswordOperation } from "@/lib/users/operations";

export const POST = handle(createTokenWithPasswordOperation, async ({ body, meta, request }) => {
  const token = await createTokenWithPassword(body, meta, readCookie(request.headers.get("cookie"), DEVICE_COOKIE) ?? null);
  return created(token, `/api/v1/users/me/tokens/${token.id}`);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(createTokenWithPasswordOperation.path);
