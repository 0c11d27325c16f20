import { reopenApplicationOperation } from "@/lib/applications/operations";
import { reopenApplication } from "@/lib/applications/service";
import { handle, otherMethods } from "@/lib/http/route";

export const POST = handle(reopenApplicationOperation, async ({ actor, params, meta }) => ({
  body: await reopenApplication(actor, params.id, params.applicationId, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(reopenApplicationOperation.path);
