import { setupTwoFactorOperation } from "@/lib/account/operations";
import { setupTwoFactor } from "@/lib/account/two-factor";
import { handle, otherMethods } from "@/lib/http/route";

export const POST = handle(setupTwoFactorOperation, async ({ actor }) => ({ body: await setupTwoFactor(actor) }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(setupTwoFactorOperation.path);
