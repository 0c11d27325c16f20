import { listMembershipsOperation } from "@/lib/applications/operations";
import { listMemberships } from "@/lib/applications/service";
import { handle, otherMethods } from "@/lib/http/route";

export const GET = handle(listMembershipsOperation, async ({ actor, params, query }) => ({
  body: await listMemberships(actor, params.id, query),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(listMembershipsOperation.path);
