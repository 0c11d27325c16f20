import { handle, otherMethods } from "@/lib/http/route";
import { readProjectImage, uploadProjectImage } from "@/lib/projects/images";
import { getProjectImageOperation, uploadProjectImageOperation } from "@/lib/projects/operations";
import { projectEtag } from "@/lib/projects/present";

export const GET = handle(getProjectImageOperation, async ({ actor, params }) => {
  const image = await readProjectImage(actor, params.id, params.kind);
  // The address changes with every upload (?v=), but visibility can change: browsers revalidate (lib/http/cache.ts).
  return { file: { bytes: image.bytes, contentType: image.contentType }, etag: image.etag };
});

export const PUT = handle(uploadProjectImageOperation, async ({ actor, params, file, expectedVersion, meta }) => {
  const updated = await uploadProjectImage(actor, params.id, params.kind, file!, expectedVersion, meta);
  return { body: updated.body, etag: projectEtag(updated.project, updated.body.access) };
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods(getProjectImageOperation.path);
