import { replaceRecoveryCodesOperation } from "@/lib/account/operations";
import { regenerateRecoveryCodes } from "@/lib/account/two-factor";
import { handle, otherMethods } from "@/lib/http/route";

export const POST = handle(replaceRecoveryCodesOperation, async ({ actor, body, meta }) => ({
  body: await regenerateRecoveryCodes(actor, body, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(replaceRecoveryCodesOperation.path);
