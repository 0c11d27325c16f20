import { handle, otherMethods } from "@/lib/http/route";
import { getLauncherManifestOperation } from "@/lib/launcher/operations";
import { getManifest } from "@/lib/launcher/service";

export const GET = handle(getLauncherManifestOperation, async ({ actor, params, query }) => {
  const manifest = await getManifest(actor, params.id, query);
  // Launchers revalidate with If-None-Match; the manifest depends on who asks (Vary: Authorization, Cookie).
  return { body: manifest.body, etag: manifest.etag };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(getLauncherManifestOperation.path);
