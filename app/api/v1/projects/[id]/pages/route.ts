import { versionEtag } from "@/lib/http/etag";
import { created, handle, otherMethods } from "@/lib/http/route";
import { createPageOperation, listPagesOperation } from "@/lib/pages/operations";
import { createPage, listPages } from "@/lib/pages/service";

export const GET = handle(listPagesOperation, async ({ actor, params, query }) => ({ body: await listPages(actor, params.id, query) }));

export const POST = handle(createPageOperation, async ({ actor, params, body, meta }) => {
  const page = await createPage(actor, params.id, body, meta);
  return created(page, `/api/v1/projects/${params.id}/pages/${page.slug}`, versionEtag(page));
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listPagesOperation.path);
