import { versionEtag } from "@/lib/http/etag";
import { handle, otherMethods } from "@/lib/http/route";
import { deletePageOperation, getPageOperation, replacePageOperation } from "@/lib/pages/operations";
import { deletePage, getPage, updatePage } from "@/lib/pages/service";

export const GET = handle(getPageOperation, async ({ actor, params }) => {
  const page = await getPage(actor, params.id, params.pageSlug);
  return { body: page, etag: versionEtag(page) };
});

export const PUT = handle(replacePageOperation, async ({ actor, params, body, expectedVersion, meta }) => {
  const page = await updatePage(actor, params.id, params.pageSlug, body, expectedVersion, meta);
  return { body: page, etag: versionEtag(page) };
});

export const DELETE = handle(deletePageOperation, async ({ actor, params, expectedVersion, meta }) => {
  await deletePage(actor, params.id, params.pageSlug, expectedVersion, meta);
  return { status: 204 };
});

export const { POST, PATCH, OPTIONS } = otherMethods(getPageOperation.path);
