import { versionEtag } from "@/lib/http/etag";
import { handle, otherMethods } from "@/lib/http/route";
import { setProjectTrustOperation } from "@/lib/projects/operations";
import { setProjectTrust } from "@/lib/projects/trust";

export const PUT = handle(setProjectTrustOperation, async ({ actor, params, body, meta, ifMatch }) => {
  const updated = await setProjectTrust(actor, params.id, body, ifMatch, meta);
  return { body: updated.body, etag: versionEtag(updated.project) };
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods(setProjectTrustOperation.path);
