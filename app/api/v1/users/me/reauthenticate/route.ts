import { confirmSessionPasswordOperation } from "@/lib/account/operations";
import { reauthenticate } from "@/lib/account/reauthentication";
import { handle, otherMethods } from "@/lib/http/route";

export const POST = handle(confirmSessionPasswordOperation, async ({ actor, body, meta }) => {
  await reauthenticate(actor, body.password, meta);
  return { status: 204 };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(confirmSessionPasswordOperation.path);
