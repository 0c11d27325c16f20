import { changePassword } from "@/lib/account/passwords";
import { changePasswordOperation } from "@/lib/account/operations";
import { handle, otherMethods } from "@/lib/http/route";

export const POST = handle(changePasswordOperation, async ({ actor, body, meta }) => {
  await changePassword(actor, body, meta);
  return { status: 204 };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(changePasswordOperation.path);
