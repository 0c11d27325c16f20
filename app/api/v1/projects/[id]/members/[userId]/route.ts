import { handle, otherMethods } from "@/lib/http/route";
import { changeMemberRole, removeMember } from "@/lib/members/service";
import { changeMemberOperation, removeMemberOperation } from "@/lib/members/operations";

export const PUT = handle(changeMemberOperation, async ({ actor, params, body, meta }) => ({
  body: await changeMemberRole(actor, params.id, params.userId, body.roleId, meta),
}));

export const DELETE = handle(removeMemberOperation, async ({ actor, params, meta }) => {
  await removeMember(actor, params.id, params.userId, meta);
  return { status: 204 };
});

export const { GET, POST, PATCH, OPTIONS } = otherMethods(changeMemberOperation.path);
