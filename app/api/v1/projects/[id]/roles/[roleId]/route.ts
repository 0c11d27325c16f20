import { handle, otherMethods } from "@/lib/http/route";
import { deleteRole, updateRole } from "@/lib/members/service";
import { deleteRoleOperation, updateRoleOperation } from "@/lib/members/operations";

export const PUT = handle(updateRoleOperation, async ({ actor, params, body, meta }) => ({
  body: await updateRole(actor, params.id, params.roleId, body, meta),
}));

export const DELETE = handle(deleteRoleOperation, async ({ actor, params, query, meta }) => {
  await deleteRole(actor, params.id, params.roleId, query.members, meta);
  return { status: 204 };
});

export const { GET, POST, PATCH, OPTIONS } = otherMethods(updateRoleOperation.path);
