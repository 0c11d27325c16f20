import {
  guardedBy,
  idParams,
  LAST_OWNER_CANNOT_LEAVE,
  operationsOf,
  ownNotFound,
  pageOf,
  pathIds,
  problem,
  projectModuleNotVisible,
} from "../http/operation";
import { paginationQuerySchema } from "../http/pagination";
import { REOPEN_WINDOW_MINUTES } from "./reopen";
import { applicationSchema, applySchema, decisionSchema, listApplicationsQuerySchema, membershipSchema } from "./schemas";

const applicationParams = pathIds("id", "applicationId");
const NOT_VISIBLE = projectModuleNotVisible("Applications");
const NO_SUCH_APPLICATION = problem("No such application");

const { signedIn } = operationsOf("Applications");

const team = operationsOf("Team").signedIn;

export const applyOperation = signedIn.post("/api/v1/projects/{id}/applications", {
  summary: "Apply to join a project's team",
  description:
    "A signed-in user applies to a published PUBLIC or APPLICATION_ONLY project whose Applications module is on and whose applications are open. `roleId` must be one of the roles the project offers applicants (settings `offeredRoleIds`).",
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

export const listProjectApplicationsOperation = signedIn.get("/api/v1/projects/{id}/applications", {
  summary: "The project's applications, newest first",
  params: idParams,
  query: listApplicationsQuerySchema,
  responses: { 200: pageOf("A page of applications", applicationSchema), ...guardedBy("applications.view", NOT_VISIBLE) },
});

export const withdrawApplicationOperation = signedIn.post("/api/v1/projects/{id}/applications/{applicationId}/withdraw", {
  summary: "Withdraw your pending application",
  params: applicationParams,
  responses: {
    200: { description: "The withdrawn application", schema: applicationSchema },
    404: ownNotFound("application"),
    409: problem("Already decided or withdrawn"),
  },
});

export const decideApplicationOperation = signedIn.post("/api/v1/projects/{id}/applications/{applicationId}/decision", {
  summary: "Accept or reject an application",
  description:
    "Needs applications.decide, by a person: a portal session or the person's own token with the `write` scope. ACCEPT makes the applicant a member with `roleId` (Member when left out), a role that ranks below yours and holds no permission you lack, never Owner. `reason` is shown to the applicant.",
  params: applicationParams,
  body: decisionSchema,
  responses: {
    200: { description: "The decided application", schema: applicationSchema },
    400: problem("Invalid decision, or a role that does not exist in the project"),
    403: problem("Needs applications.decide, or the role is above what you may grant"),
    404: NO_SUCH_APPLICATION,
    409: problem("Already decided or withdrawn, or the applicant is already a member"),
  },
});

export const reopenApplicationOperation = signedIn.post("/api/v1/projects/{id}/applications/{applicationId}/reopen", {
  summary: "Undo a rejection: the application is pending again",
  description: `Needs applications.decide, by a person, as the decision does. Only a REJECTED application, within ${REOPEN_WINDOW_MINUTES} minutes of the decision, while the applicant has not applied again and is not on the team. The decision's reason is cleared (the audit log keeps it); the applicant is notified.`,
  params: applicationParams,
  responses: {
    200: { description: "The application, PENDING again", schema: applicationSchema },
    403: problem("Needs applications.decide"),
    404: NO_SUCH_APPLICATION,
    409: problem(
      "Not rejected (`application_not_rejected`, also the second of two reopenings at once), the applicant applied again (`applied_again`) or joined the team (`already_member`)",
    ),
    422: problem(`The ${REOPEN_WINDOW_MINUTES} minutes after the rejection have passed (\`reopen_window_passed\`)`),
  },
});

export const listMyApplicationsOperation = signedIn.get("/api/v1/users/me/applications", {
  summary: "Your applications, every project",
  query: listApplicationsQuerySchema,
  responses: { 200: pageOf("A page of your applications", applicationSchema) },
});

export const leaveProjectOperation = team.delete("/api/v1/projects/{id}/members/me", {
  summary: "Leave a project",
  params: idParams,
  responses: {
    204: { description: "You left the team" },
    404: problem("No such project, or you are not on its team"),
    422: LAST_OWNER_CANNOT_LEAVE,
  },
});

export const listMembershipsOperation = team.get("/api/v1/users/{id}/memberships", {
  summary: "A user's projects, with role and since when",
  description: "For the user themselves, or staff with users.readAny (tokens: with the `admin` scope). Anyone else gets 404.",
  params: idParams,
  query: paginationQuerySchema,
  responses: {
    200: pageOf("A page of memberships, newest first", membershipSchema),
    404: problem("No such user, or not yours to see"),
  },
});
