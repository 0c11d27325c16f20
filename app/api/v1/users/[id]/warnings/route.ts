import { created, handle, otherMethods } from "@/lib/http/route";
import { createWarningOperation, listWarningsOperation } from "@/lib/warnings/operations";
import { createWarning, listWarnings } from "@/lib/warnings/service";

export const GET = handle(listWarningsOperation, async ({ actor, params }) => ({ body: { data: await listWarnings(actor, params.id) } }));

export const POST = handle(createWarningOperation, async ({ actor, params, body, meta }) => {
  const warning = await createWarning(actor, params.id, body, meta);
  return created(warning, `/api/v1/warnings/${warning.id}`);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listWarningsOperation.path);
