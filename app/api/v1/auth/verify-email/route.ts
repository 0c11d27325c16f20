import { handle, otherMethods } from "@/lib/http/route";
import { verifyEmailOperation } from "@/lib/users/operations";
import { verifyEmail } from "@/lib/users/service";

export const POST = handle(verifyEmailOperation, async ({ body, meta }) => {
  await verifyEmail(body.token, meta);
  return { status: 204 };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(verifyEmailOperation.path);
