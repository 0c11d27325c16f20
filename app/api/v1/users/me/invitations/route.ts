import { handle, otherMethods } from "@/lib/http/route";
import { listMyInvitationsOperation } from "@/lib/invitations/operations";
import { listMyInvitations } from "@/lib/invitations/service";

export const GET = handle(listMyInvitationsOperation, async ({ actor, query }) => ({ body: await listMyInvitations(actor, query) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(listMyInvitationsOperation.path);
