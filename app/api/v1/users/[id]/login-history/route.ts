import { getLoginHistoryOperation } from "@/lib/account/operations";
import { loginHistory } from "@/lib/account/sessions";
import { handle, otherMethods } from "@/lib/http/route";

export const GET = handle(getLoginHistoryOperation, async ({ actor, params, query }) => ({
  body: await loginHistory(actor, params.id, query),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(getLoginHistoryOperation.path);
