import { handle } from "@/lib/http/route";
import { partnerHistoryOperation } from "@/lib/reviews/operations";
import { partnerHistory } from "@/lib/users/service";

export const GET = handle(partnerHistoryOperation, async ({ actor, params }) => ({ body: { data: await partnerHistory(actor, params.id) } }));
