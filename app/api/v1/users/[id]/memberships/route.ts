import { listMembershipsOperation } from "@/lib/applications/operations";
import { listMemberships } from "@/lib/applications/service";
import { handle } from "@/lib/http/route";

export const GET = handle(listMembershipsOperation, async ({ actor, params, query }) => ({
  body: await listMemberships(actor, params.id, query),
}));
