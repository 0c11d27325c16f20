import { handle, otherMethods } from "@/lib/http/route";
import { deleteReleaseOperation, getReleaseOperation, updateReleaseOperation } from "@/lib/releases/operations";
import { deleteRelease, getRelease, updateRelease } from "@/lib/releases/service";

export const GET = handle(getReleaseOperation, async ({ actor, params }) => getRelease(actor, params.id, params.releaseId));

export const PATCH = handle(updateReleaseOperation, async ({ actor, params, body, expectedVersion, meta }) =>
  updateRelease(actor, params.id, params.releaseId, body, expectedVersion, meta),
);

export const DELETE = handle(deleteReleaseOperation, async ({ actor, params, expectedVersion, meta }) => {
  await deleteRelease(actor, params.id, params.releaseId, expectedVersion, meta);
  return { status: 204 };
});

export const { POST, PUT, OPTIONS } = otherMethods(getReleaseOperation.path);
