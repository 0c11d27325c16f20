import { handle } from "@/lib/http/route";
import { createWarningOperation, listWarningsOperation } from "@/lib/reviews/operations";
import { createWarning, listWarnings } from "@/lib/warnings/service";

export const GET = handle(listWarningsOperation, async ({ actor, params }) => ({ body: { data: await listWarnings(actor, params.id) } }));

export const POST = handle(createWarningOperation, async ({ actor, params, body, meta }) => ({ status: 201, body: await createWarning(actor, params.id, body, meta) }));
