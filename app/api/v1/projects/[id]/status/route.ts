import { handle } from "@/lib/http/route";
import { changeStatusOperation } from "@/lib/reviews/operations";
import { changeStatus } from "@/lib/reviews/service";

export const POST = handle(changeStatusOperation, async ({ actor, params, body, meta }) => ({ body: (await changeStatus(actor, params.id, body, meta)).history }));
