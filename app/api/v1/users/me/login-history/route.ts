import { getOwnLoginHistoryOperation } from "@/lib/account/operations";
import { loginHistory } from "@/lib/account/sessions";
import { handle, otherMethods } from "@/lib/http/route";

export const GET = handle(getOwnLoginHistoryOperation, async ({ actor, query }) => ({
  body: await loginHistory(actor, actor.userId, query),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(getOwnLoginHistoryOperation.path);
