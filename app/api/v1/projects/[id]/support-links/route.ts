import { handle, otherMethods } from "@/lib/http/route";
import { listSupportLinksOperation } from "@/lib/projects/operations";
import { listSupportLinks } from "@/lib/projects/support";

export const GET = handle(listSupportLinksOperation, async ({ actor, params }) => ({
  body: { data: await listSupportLinks(actor, params.id) },
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(listSupportLinksOperation.path);
