import { replaceRecoveryCodesOperation } from "@/lib/account/operations";
import { regenerateRecoveryCodes } from "@/lib/account/two-factor";
import { handle } from "@/lib/http/route";

export const POST = handle(replaceRecoveryCodesOperation, async ({ actor, body, meta }) => ({
  body: await regenerateRecoveryCodes(actor, body, meta),
}));
