import { withdrawApplicationOperation } from "@/lib/applications/operations";
import { withdrawApplication } from "@/lib/applications/service";
import { handle } from "@/lib/http/route";

export const POST = handle(withdrawApplicationOperation, async ({ actor, params, meta }) => ({
  body: await withdrawApplication(actor, params.id, params.applicationId, meta),
}));
