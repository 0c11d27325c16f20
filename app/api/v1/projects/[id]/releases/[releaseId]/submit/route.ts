import { handle, otherMethods } from "@/lib/http/route";
import { submitReleaseOperation } from "@/lib/releases/operations";
import { submitRelease } from "@/lib/releases/service";

export const POST = handle(submitReleaseOperation, async ({ actor, params, meta, ifMatch }) =>
  submitRelease(actor, params.id, params.releaseId, ifMatch, meta),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(submitReleaseOperation.path);
