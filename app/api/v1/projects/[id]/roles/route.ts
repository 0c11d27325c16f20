import { handle } from "@/lib/http/route";
import { createRole, listRoles } from "@/lib/members/service";
import { createRoleOperation, listRolesOperation } from "@/lib/projects/operations";

export const GET = handle(listRolesOperation, async ({ actor, params }) => ({ body: { data: await listRoles(actor, params.id) } }));

export const POST = handle(createRoleOperation, async ({ actor, params, body, meta }) => ({ status: 201, body: await createRole(actor, params.id, body, meta) }));
