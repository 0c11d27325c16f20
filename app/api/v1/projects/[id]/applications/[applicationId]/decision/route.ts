import { decideApplicationOperation } from "@/lib/applications/operations";
import { decideApplication } from "@/lib/applications/service";
import { handle, otherMethods } from "@/lib/http/route";

export const POST = handle(decideApplicationOperation, async ({ actor, params, body, meta }) => ({
  body: await decideApplication(actor, params.id, params.applicationId, body, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(decideApplicationOperation.path);
