import { handle, otherMethods } from "@/lib/http/route";
import { revokeInvitationOperation } from "@/lib/invitations/operations";
import { revokeInvitation } from "@/lib/invitations/service";

export const POST = handle(revokeInvitationOperation, async ({ actor, params, meta }) => ({
  body: await revokeInvitation(actor, params.id, params.invitationId, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(revokeInvitationOperation.path);
