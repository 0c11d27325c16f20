import { created, handle, otherMethods } from "@/lib/http/route";
import { createInvitationOperation, listProjectInvitationsOperation } from "@/lib/invitations/operations";
import { createInvitation, listProjectInvitations } from "@/lib/invitations/service";

export const GET = handle(listProjectInvitationsOperation, async ({ actor, params, query }) => ({
  body: await listProjectInvitations(actor, params.id, query),
}));

export const POST = handle(createInvitationOperation, async ({ actor, params, body, meta }) => {
  const invitation = await createInvitation(actor, params.id, body, meta);
  return created(invitation, `/api/v1/projects/${params.id}/invitations/${invitation.id}`);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listProjectInvitationsOperation.path);
