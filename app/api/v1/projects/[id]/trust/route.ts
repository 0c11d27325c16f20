import { handle, otherMethods } from "@/lib/http/route";
import { setProjectTrustOperation } from "@/lib/projects/operations";
import { setProjectTrust } from "@/lib/projects/trust";
import { projectEtag } from "@/lib/projects/present";

export const PUT = handle(setProjectTrustOperation, async ({ actor, params, body, meta, ifMatch }) => {
  const updated = await setProjectTrust(actor, params.id, body, ifMatch, meta);
  return { body: updated.body, etag: projectEtag(updated.project, updated.body.access) };
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods(setProjectTrustOperation.path);
