import { handle, otherMethods } from "@/lib/http/route";
import { acceptInvitationOperation } from "@/lib/invitations/operations";
import { acceptInvitation } from "@/lib/invitations/service";

export const POST = handle(acceptInvitationOperation, async ({ actor, params, meta }) => ({
  body: await acceptInvitation(actor, params.invitationId, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(acceptInvitationOperation.path);
