import { versionEtag } from "@/lib/http/etag";
import { handle, optionalIfMatch } from "@/lib/http/route";
import { setProjectTrustOperation } from "@/lib/projects/operations";
import { setProjectTrust } from "@/lib/projects/trust";

export const PUT = handle(setProjectTrustOperation, async ({ actor, params, body, meta, request }) => {
  const updated = await setProjectTrust(actor, params.id, body, optionalIfMatch(request), meta);
  return { body: updated.body, etag: versionEtag(updated.project) };
});
