import { withdrawApplicationOperation } from "@/lib/applications/operations";
import { withdrawApplication } from "@/lib/applications/service";
import { handle, otherMethods } from "@/lib/http/route";

export const POST = handle(withdrawApplicationOperation, async ({ actor, params, meta }) => ({
  body: await withdrawApplication(actor, params.id, params.applicationId, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(withdrawApplicationOperation.path);
