import { getTwoFactorOperation } from "@/lib/account/operations";
import { twoFactorStatus } from "@/lib/account/two-factor";
import { handle } from "@/lib/http/route";

export const GET = handle(getTwoFactorOperation, async ({ actor }) => ({ body: await twoFactorStatus(actor.userId) }));
