import { requestPasswordResetOperation } from "@/lib/account/operations";
import { requestPasswordReset } from "@/lib/account/passwords";
import { PASSWORD_RESET_ACCEPTED } from "@/lib/account/schemas";
import { handle, otherMethods } from "@/lib/http/route";

// The answer does not wait for the token and mail (`done`): known and unknown addresses take the same time.
export const POST = handle(requestPasswordResetOperation, async ({ body, meta }) => {
  await requestPasswordReset(body.email, meta);
  return { status: 202, body: PASSWORD_RESET_ACCEPTED };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(requestPasswordResetOperation.path);
