import { resetTwoFactorOperation } from "@/lib/account/operations";
import { resetTwoFactorByStaff } from "@/lib/account/two-factor";
import { handle, otherMethods } from "@/lib/http/route";

export const POST = handle(resetTwoFactorOperation, async ({ actor, params, meta }) => {
  await resetTwoFactorByStaff(actor, params.id, meta);
  return { status: 204 };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(resetTwoFactorOperation.path);
