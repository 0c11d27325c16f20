import { changePassword } from "@/lib/account/passwords";
import { changePasswordOperation } from "@/lib/account/operations";
import { handle } from "@/lib/http/route";

export const POST = handle(changePasswordOperation, async ({ actor, body, meta }) => {
  await changePassword(actor, body, meta);
  return { status: 204 };
});
