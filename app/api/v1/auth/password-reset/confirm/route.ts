import { confirmPasswordResetOperation } from "@/lib/account/operations";
import { confirmPasswordReset } from "@/lib/account/passwords";
import { handle, otherMethods } from "@/lib/http/route";

export const POST = handle(confirmPasswordResetOperation, async ({ body, meta }) => {
  await confirmPasswordReset(body, meta);
  return { status: 204 };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(confirmPasswordResetOperation.path);
