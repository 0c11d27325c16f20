import { getTwoFactorOperation } from "@/lib/account/operations";
import { twoFactorStatus } from "@/lib/account/two-factor";
import { handle, otherMethods } from "@/lib/http/route";

export const GET = handle(getTwoFactorOperation, async ({ actor }) => ({ body: await twoFactorStatus(actor.userId) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(getTwoFactorOperation.path);
