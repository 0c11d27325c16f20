import { enableTwoFactorOperation } from "@/lib/account/operations";
import { enableTwoFactor } from "@/lib/account/two-factor";
import { handle, otherMethods } from "@/lib/http/route";

export const POST = handle(enableTwoFactorOperation, async ({ actor, body, meta }) => ({
  body: await enableTwoFactor(actor, body.code, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(enableTwoFactorOperation.path);
