import { guardedBy, idParams, MAY_NOT_ADD_TO_TEAM, operationsOf, pageOf, pathIds, problem, PROJECT_NOT_VISIBLE } from "../http/operation";
import { createInvitationSchema, invitationSchema, listInvitationsQuerySchema } from "./schemas";

const projectInvitationParams = pathIds("id", "invitationId");
const ownInvitationParams = pathIds("invitationId");
const NOT_YOURS = problem("No such invitation of yours (someone else's invitations do not exist for you)");
const INVITATION_NOT_VISIBLE = problem("No such project or invitation");
const SETTLED = problem("Already accepted, declined or revoked (`invitation_settled`), or expired (`invitation_expired`)");

const { signedIn } = operationsOf("Team");

export const listProjectInvitationsOperation = signedIn.get("/api/v1/projects/{id}/invitations", {
  summary: "The project's invitations, newest first",
  description: "For members who may add members (`members.manage`). `?status=PENDING` lists those still waiting for an answer.",
  params: idParams,
  query: listInvitationsQuerySchema,
  responses: {
    200: pageOf("A page of invitations", invitationSchema),
    ...guardedBy("members.manage", PROJECT_NOT_VISIBLE),
  },
});

export const createInvitationOperation = signedIn.post("/api/v1/projects/{id}/invitations", {
  summary: "Invite an account to the team",
  description:
    "By `userId` or `username`, into a role that ranks below yours and holds no permission you lack (never Owner). The invitee accepts or declines it (`/users/me/invitations`); it expires after 14 days. One invitation per account and project waits at a time.",
  idempotent: true,
  params: idParams,
  body: createInvitationSchema,
  responses: {
    201: { description: "The pending invitation", schema: invitationSchema, headers: ["Location"] },
    400: problem("No active account with this name, or a role that does not exist in the project"),
    403: MAY_NOT_ADD_TO_TEAM,
    404: PROJECT_NOT_VISIBLE,
    409: problem("Already a member (`already_member`), or an invitation is pending (`invitation_pending`)"),
    422: problem("Owner moves only by transfer"),
  },
});

export const getProjectInvitationOperation = signedIn.get("/api/v1/projects/{id}/invitations/{invitationId}", {
  summary: "One invitation of the project",
  params: projectInvitationParams,
  responses: {
    200: { description: "The invitation", schema: invitationSchema },
    ...guardedBy("members.manage", INVITATION_NOT_VISIBLE),
  },
});

export const revokeInvitationOperation = signedIn.post("/api/v1/projects/{id}/invitations/{invitationId}/revoke", {
  summary: "Revoke a pending invitation",
  description: "`members.manage`, for an invitation into a role that ranks below yours. The invitation stays listed as REVOKED.",
  params: projectInvitationParams,
  responses: {
    200: { description: "The revoked invitation", schema: invitationSchema },
    403: problem("Needs members.manage, or the role ranks too high"),
    404: INVITATION_NOT_VISIBLE,
    409: SETTLED,
  },
});

export const listMyInvitationsOperation = signedIn.get("/api/v1/users/me/invitations", {
  summary: "Your invitations, every project",
  description: "`?status=PENDING` lists those waiting for your answer.",
  query: listInvitationsQuerySchema,
  responses: { 200: pageOf("A page of your invitations", invitationSchema) },
});

export const acceptInvitationOperation = signedIn.post("/api/v1/users/me/invitations/{invitationId}/accept", {
  summary: "Accept an invitation: join the team",
  description: "You join the project's team with the invited role.",
  params: ownInvitationParams,
  responses: {
    200: { description: "The accepted invitation", schema: invitationSchema },
    404: NOT_YOURS,
    409: problem(
      "Already accepted, declined or revoked (`invitation_settled`), expired (`invitation_expired`), its role was deleted (`invitation_role_gone`), or you are on the team already (`already_member`)",
    ),
  },
});

export const declineInvitationOperation = signedIn.post("/api/v1/users/me/invitations/{invitationId}/decline", {
  summary: "Decline an invitation",
  params: ownInvitationParams,
  responses: {
    200: { description: "The declined invitation", schema: invitationSchema },
    404: NOT_YOURS,
    409: SETTLED,
  },
});
