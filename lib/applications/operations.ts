import { z } from "zod";
import { defineOperation, guardedBy, idParams, idSchema, ownNotFound, pageOf, problem, projectModuleNotVisible } from "../http/operation";
import { paginationQuerySchema } from "../http/pagination";
import { applicationSchema, applySchema, decisionSchema, listApplicationsQuerySchema, membershipSchema } from "./schemas";

const applicationParams = z.strictObject({ id: idSchema, applicationId: idSchema });
const NOT_VISIBLE = projectModuleNotVisible("Applications");

export const applyOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/applications",
  tag: "Applications",
  summary: "Apply to join a project's team",
  description:
    "A signed-in user applies to a published PUBLIC or APPLICATION_ONLY project whose Applications module is on and whose applications are open. `roleId` must be one of the roles the project offers applicants (settings `offeredRoleIds`).",
  auth: "required",
  idempotent: true,
  params: idParams,
  body: applySchema,
  responses: {
    201: { description: "The pending application (it has no address of its own: no Location)", schema: applicationSchema },
    400: problem("Empty or too long message, or a role the project does not offer"),
    404: NOT_VISIBLE,
    409: problem("A pending application exists, or you are already a member"),
    422: problem("The project does not take applications (closed, not published, or not PUBLIC/APPLICATION_ONLY)"),
  },
});

export const listProjectApplicationsOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/applications",
  tag: "Applications",
  summary: "The project's applications, newest first",
  auth: "required",
  params: idParams,
  query: listApplicationsQuerySchema,
  responses: { 200: pageOf("A page of applications", applicationSchema), ...guardedBy("applications.view", NOT_VISIBLE) },
});

export const withdrawApplicationOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/applications/{applicationId}/withdraw",
  tag: "Applications",
  summary: "Withdraw your pending application",
  auth: "required",
  params: applicationParams,
  responses: {
    200: { description: "The withdrawn application", schema: applicationSchema },
    404: ownNotFound("application"),
    409: problem("Already decided or withdrawn"),
  },
});

export const decideApplicationOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/applications/{applicationId}/decision",
  tag: "Applications",
  summary: "Accept or reject an application",
  description:
    "Needs applications.decide, by a person: a portal session or the person's own token with the `write` scope. ACCEPT makes the applicant a member with `roleId` (Member when left out), a role that ranks below yours and holds no permission you lack, never Owner. `reason` is shown to the applicant.",
  auth: "required",
  params: applicationParams,
  body: decisionSchema,
  responses: {
    200: { description: "The decided application", schema: applicationSchema },
    400: problem("Invalid decision, or a role that does not exist in the project"),
    403: problem("Needs applications.decide, or the role is above what you may grant"),
    404: problem("No such application"),
    409: problem("Already decided or withdrawn, or the applicant is already a member"),
  },
});

export const listMyApplicationsOperation = defineOperation({
  method: "GET",
  path: "/api/v1/users/me/applications",
  tag: "Applications",
  summary: "Your applications, every project",
  auth: "required",
  query: listApplicationsQuerySchema,
  responses: { 200: pageOf("A page of your applications", applicationSchema) },
});

export const leaveProjectOperation = defineOperation({
  method: "DELETE",
  path: "/api/v1/projects/{id}/members/me",
  tag: "Team",
  summary: "Leave a project",
  auth: "required",
  params: idParams,
  responses: {
    204: { description: "You left the team" },
    404: problem("No such project, or you are not on its team"),
    422: problem("The last Owner cannot leave"),
  },
});

export const listMembershipsOperation = defineOperation({
  method: "GET",
  path: "/api/v1/users/{id}/memberships",
  tag: "Team",
  summary: "A user's projects, with role and since when",
  description: "For the user themselves, or staff with users.readAny (tokens: with the `admin` scope). Anyone else gets 404.",
  auth: "required",
  params: idParams,
  query: paginationQuerySchema,
  responses: {
    200: pageOf("A page of memberships, newest first", membershipSchema),
    404: problem("No such user, or not yours to see"),
  },
});
