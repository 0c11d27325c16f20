import { handle, otherMethods } from "@/lib/http/route";
import { historyOperation } from "@/lib/reviews/operations";
import { getHistory } from "@/lib/reviews/service";

export const GET = handle(historyOperation, async ({ actor, params }) => ({ body: await getHistory(actor, params.id) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(historyOperation.path);
