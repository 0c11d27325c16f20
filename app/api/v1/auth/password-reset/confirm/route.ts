import { confirmPasswordResetOperation } from "@/lib/account/operations";
import { confirmPasswordReset } from "@/lib/account/passwords";
import { handle } from "@/lib/http/route";

export const POST = handle(confirmPasswordResetOperation, async ({ body, meta }) => {
  await confirmPasswordReset(body, meta);
  return { status: 204 };
});
