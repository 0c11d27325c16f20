import { getOwnLoginHistoryOperation } from "@/lib/account/operations";
import { loginHistory } from "@/lib/account/sessions";
import { handle } from "@/lib/http/route";

export const GET = handle(getOwnLoginHistoryOperation, async ({ actor, query }) => ({
  body: await loginHistory(actor, actor.userId, query),
}));
