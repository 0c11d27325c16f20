import { z } from "zod";
import { defineOperation, idSchema, problem } from "../http/operation";
import { pageSchema } from "../http/pagination";
import { createInvitationSchema, invitationSchema, listInvitationsQuerySchema } from "./schemas";

const projectParams = z.strictObject({ id: idSchema });
const projectInvitationParams = z.strictObject({ id: idSchema, invitationId: idSchema });
const ownInvitationParams = z.strictObject({ invitationId: idSchema });
const NOT_VISIBLE = problem("No such project, or not visible to you");
const NOT_YOURS = problem("No such invitation of yours (someone else's invitations do not exist for you)");
const SETTLED = problem("Already accepted, declined or revoked (`invitation_settled`), or expired (`invitation_expired`)");

export const listProjectInvitationsOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/invitations",
  tag: "Team",
  summary: "The project's invitations, newest first",
  description: "For members who may add members (`members.manage`). `?status=PENDING` lists those still waiting for an answer.",
  auth: "required",
  params: projectParams,
  query: listInvitationsQuerySchema,
  responses: {
    200: { description: "A page of invitations", schema: pageSchema(invitationSchema) },
    403: problem("Needs members.manage"),
    404: NOT_VISIBLE,
  },
});

export const createInvitationOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/invitations",
  tag: "Team",
  summary: "Invite an account to the team",
  description:
    "By `userId` or `username`, into a role that ranks below yours and holds no permission you lack (never Owner). The invitee accepts or declines it (`/users/me/invitations`); it expires after 14 days. One invitation per account and project waits at a time.",
  auth: "required",
  idempotent: true,
  params: projectParams,
  body: createInvitationSchema,
  responses: {
    201: { description: "The pending invitation", schema: invitationSchema, headers: ["Location"] },
    400: problem("No active account with this name, or a role that does not exist in the project"),
    403: problem("Needs members.manage, or the role is too high"),
    404: NOT_VISIBLE,
    409: problem("Already a member (`already_member`), or an invitation is pending (`invitation_pending`)"),
    422: problem("Owner moves only by transfer"),
  },
});

export const getProjectInvitationOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/invitations/{invitationId}",
  tag: "Team",
  summary: "One invitation of the project",
  auth: "required",
  params: projectInvitationParams,
  responses: {
    200: { description: "The invitation", schema: invitationSchema },
    403: problem("Needs members.manage"),
    404: problem("No such project or invitation"),
  },
});

export const revokeInvitationOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/invitations/{invitationId}/revoke",
  tag: "Team",
  summary: "Revoke a pending invitation",
  description: "`members.manage`, for an invitation into a role that ranks below yours. The invitation stays listed as REVOKED.",
  auth: "required",
  params: projectInvitationParams,
  responses: {
    200: { description: "The revoked invitation", schema: invitationSchema },
    403: problem("Needs members.manage, or the role ranks too high"),
    404: problem("No such project or invitation"),
    409: SETTLED,
  },
});

export const listMyInvitationsOperation = defineOperation({
  method: "GET",
  path: "/api/v1/users/me/invitations",
  tag: "Team",
  summary: "Your invitations, every project",
  description: "`?status=PENDING` lists those waiting for your answer.",
  auth: "required",
  query: listInvitationsQuerySchema,
  responses: { 200: { description: "A page of your invitations", schema: pageSchema(invitationSchema) } },
});

export const acceptInvitationOperation = defineOperation({
  method: "POST",
  path: "/api/v1/users/me/invitations/{invitationId}/accept",
  tag: "Team",
  summary: "Accept an invitation: join the team",
  description: "You join the project's team with the invited role.",
  auth: "required",
  params: ownInvitationParams,
  responses: {
    200: { description: "The accepted invitation", schema: invitationSchema },
    404: NOT_YOURS,
    409: problem(
      "Already accepted, declined or revoked (`invitation_settled`), expired (`invitation_expired`), its role was deleted (`invitation_role_gone`), or you are on the team already (`already_member`)",
    ),
  },
});

export const declineInvitationOperation = defineOperation({
  method: "POST",
  path: "/api/v1/users/me/invitations/{invitationId}/decline",
  tag: "Team",
  summary: "Decline an invitation",
  auth: "required",
  params: ownInvitationParams,
  responses: {
    200: { description: "The declined invitation", schema: invitationSchema },
    404: NOT_YOURS,
    409: SETTLED,
  },
});
