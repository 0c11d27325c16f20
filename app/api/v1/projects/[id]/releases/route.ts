import { created, handle, otherMethods } from "@/lib/http/route";
import { createReleaseOperation, listReleasesOperation } from "@/lib/releases/operations";
import { createRelease, listReleases } from "@/lib/releases/service";

export const GET = handle(listReleasesOperation, async ({ actor, params, query }) => ({
  body: await listReleases(actor, params.id, query),
}));

export const POST = handle(createReleaseOperation, async ({ actor, params, body, meta }) => {
  const release = await createRelease(actor, params.id, body, meta);
  return created(release.body, `/api/v1/projects/${params.id}/releases/${release.body.id}`, release.etag);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listReleasesOperation.path);
