import { created, handle, otherMethods } from "@/lib/http/route";
import { addMember, listMembers } from "@/lib/members/service";
import { addMemberOperation, listMembersOperation } from "@/lib/members/operations";

export const GET = handle(listMembersOperation, async ({ actor, params }) => ({ body: { data: await listMembers(actor, params.id) } }));

export const POST = handle(addMemberOperation, async ({ actor, params, body, meta }) => {
  const member = await addMember(actor, params.id, body, meta);
  return created(member, `/api/v1/projects/${params.id}/members/${member.userId}`);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listMembersOperation.path);
