import { handle, otherMethods } from "@/lib/http/route";
import { declineInvitationOperation } from "@/lib/invitations/operations";
import { declineInvitation } from "@/lib/invitations/service";

export const POST = handle(declineInvitationOperation, async ({ actor, params, meta }) => ({
  body: await declineInvitation(actor, params.invitationId, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(declineInvitationOperation.path);
