import { disableTwoFactorOperation } from "@/lib/account/operations";
import { disableTwoFactor } from "@/lib/account/two-factor";
import { handle, otherMethods } from "@/lib/http/route";

export const POST = handle(disableTwoFactorOperation, async ({ actor, body, meta }) => {
  await disableTwoFactor(actor, body, meta);
  return { status: 204 };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(disableTwoFactorOperation.path);
