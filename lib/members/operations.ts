import {
  guardedBy,
  idParams,
  LAST_OWNER_CANNOT_LEAVE,
  listOf,
  MAY_NOT_ADD_TO_TEAM,
  operationsOf,
  pathIds,
  problem,
  PROJECT_NOT_VISIBLE,
} from "../http/operation";
import {
  addMemberSchema,
  changeMemberSchema,
  memberCandidateSchema,
  memberCandidatesQuerySchema,
  deleteRoleQuerySchema,
  memberSchema,
  roleDefinitionSchema,
  roleSchema,
  transferOwnershipSchema,
} from "./schemas";

const memberParams = pathIds("id", "userId");
const roleParams = pathIds("id", "roleId");

const NO_SUCH_MEMBER = problem("No such member");

const { signedIn } = operationsOf("Team");

export const listMembersOperation = signedIn.get("/api/v1/projects/{id}/members", {
  summary: "The team",
  params: idParams,
  responses: {
    200: listOf("Members, highest rank first", memberSchema),
    ...guardedBy("members.view", PROJECT_NOT_VISIBLE),
  },
});

export const addMemberOperation = signedIn.post("/api/v1/projects/{id}/members", {
  summary: "Add a member",
  description: "By `userId` or `username`, with a role that ranks below yours and holds no permission you lack.",
  idempotent: true,
  params: idParams,
  body: addMemberSchema,
  responses: {
    201: { description: "The member", schema: memberSchema, headers: ["Location"] },
    403: MAY_NOT_ADD_TO_TEAM,
    409: problem("Already a member"),
  },
});

export const memberCandidatesOperation = signedIn.get("/api/v1/projects/{id}/member-candidates", {
  operationId: "listMemberCandidates",
  summary: "Accounts that could be added to the team",
  description:
    "For members who may add members (`members.manage`): active accounts whose username starts with `q` or whose display name contains it, not on the team yet, at most 8, by username. Public profiles only; e-mail addresses are neither searched nor shown.",
  params: idParams,
  query: memberCandidatesQuerySchema,
  responses: {
    200: listOf("Up to 8 accounts", memberCandidateSchema),
    ...guardedBy("members.manage", PROJECT_NOT_VISIBLE),
  },
});

export const changeMemberOperation = signedIn.put("/api/v1/projects/{id}/members/{userId}", {
  operationId: "changeMemberRole",
  summary: "Change a member's role",
  params: memberParams,
  body: changeMemberSchema,
  responses: {
    200: { description: "The member", schema: memberSchema },
    403: problem("Member ranks too high, or role too high"),
    404: NO_SUCH_MEMBER,
  },
});

export const removeMemberOperation = signedIn.delete("/api/v1/projects/{id}/members/{userId}", {
  summary: "Remove a member, or leave (your own user id)",
  params: memberParams,
  responses: {
    204: { description: "Removed" },
    403: problem("Member ranks too high"),
    404: NO_SUCH_MEMBER,
    422: LAST_OWNER_CANNOT_LEAVE,
  },
});

export const transferOwnershipOperation = signedIn.post("/api/v1/projects/{id}/transfer-ownership", {
  summary: "Make another ACTIVE partner the Owner",
  description: "By the Owner (who becomes Manager) or by the platform team (projects.moderate), which assigns a partner to a project.",
  params: idParams,
  body: transferOwnershipSchema,
  responses: {
    200: listOf("The team afterwards", memberSchema),
    403: problem("Not the Owner"),
    422: problem("Target is not an ACTIVE partner"),
  },
});

export const listRolesOperation = signedIn.get("/api/v1/projects/{id}/roles", {
  summary: "The project's roles",
  params: idParams,
  responses: { 200: listOf("Roles, highest rank first", roleSchema), 404: PROJECT_NOT_VISIBLE },
});

export const createRoleOperation = signedIn.post("/api/v1/projects/{id}/roles", {
  summary: "Create a custom role",
  idempotent: true,
  params: idParams,
  body: roleDefinitionSchema,
  responses: {
    201: { description: "The role", schema: roleSchema, headers: ["Location"] },
    403: problem("Needs roles.manage, or the role would outrank you"),
    409: problem("Name taken"),
  },
});

export const updateRoleOperation = signedIn.put("/api/v1/projects/{id}/roles/{roleId}", {
  summary: "Edit a role (Owner cannot be edited)",
  params: roleParams,
  body: roleDefinitionSchema,
  responses: { 200: { description: "The role", schema: roleSchema }, 403: problem("The role outranks you"), 422: problem("Owner role") },
});

export const deleteRoleOperation = signedIn.delete("/api/v1/projects/{id}/roles/{roleId}", {
  summary: "Delete a custom role",
  description: "If members hold it: 409, or with `?members=moveToMember` they get the Member role.",
  params: roleParams,
  query: deleteRoleQuerySchema,
  responses: { 204: { description: "Deleted" }, 409: problem("Role in use"), 422: problem("Default roles cannot be deleted") },
});
