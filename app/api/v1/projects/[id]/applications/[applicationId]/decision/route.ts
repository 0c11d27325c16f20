import { decideApplicationOperation } from "@/lib/applications/operations";
import { decideApplication } from "@/lib/applications/service";
import { handle } from "@/lib/http/route";

export const POST = handle(decideApplicationOperation, async ({ actor, params, body, meta }) => ({
  body: await decideApplication(actor, params.id, params.applicationId, body, meta),
}));
