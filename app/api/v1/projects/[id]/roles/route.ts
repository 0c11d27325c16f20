import { created, handle, otherMethods } from "@/lib/http/route";
import { createRole, listRoles } from "@/lib/members/service";
import { createRoleOperation, listRolesOperation } from "@/lib/members/operations";

export const GET = handle(listRolesOperation, async ({ actor, params }) => ({ body: { data: await listRoles(actor, params.id) } }));

export const POST = handle(createRoleOperation, async ({ actor, params, body, meta }) => {
  const role = await createRole(actor, params.id, body, meta);
  return created(role, `/api/v1/projects/${params.id}/roles/${role.id}`);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listRolesOperation.path);
