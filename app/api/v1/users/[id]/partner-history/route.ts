import { handle, otherMethods } from "@/lib/http/route";
import { partnerHistoryOperation } from "@/lib/users/operations";
import { partnerHistory } from "@/lib/users/service";

export const GET = handle(partnerHistoryOperation, async ({ actor, params }) => ({
  body: { data: await partnerHistory(actor, params.id) },
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(partnerHistoryOperation.path);
