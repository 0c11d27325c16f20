import { handle, otherMethods } from "@/lib/http/route";
import { getProjectInvitationOperation } from "@/lib/invitations/operations";
import { getProjectInvitation } from "@/lib/invitations/service";

export const GET = handle(getProjectInvitationOperation, async ({ actor, params }) => ({
  body: await getProjectInvitation(actor, params.id, params.invitationId),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(getProjectInvitationOperation.path);
