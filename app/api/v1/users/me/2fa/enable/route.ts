import { enableTwoFactorOperation } from "@/lib/account/operations";
import { enableTwoFactor } from "@/lib/account/two-factor";
import { handle } from "@/lib/http/route";

export const POST = handle(enableTwoFactorOperation, async ({ actor, body, meta }) => ({
  body: await enableTwoFactor(actor, body.code, meta),
}));
