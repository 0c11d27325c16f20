import { z } from "zod";
import { defineOperation, idSchema, problem } from "../http/operation";
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

const id = idSchema;
const projectParams = z.strictObject({ id });
const memberParams = z.strictObject({ id, userId: id });
const roleParams = z.strictObject({ id, roleId: id });
const NOT_VISIBLE = problem("No such project, or not visible to you");

export const listMembersOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/members",
  tag: "Team",
  summary: "The team",
  auth: "required",
  params: projectParams,
  responses: {
    200: { description: "Members, highest rank first", schema: z.object({ data: z.array(memberSchema) }) },
    403: problem("Needs members.view"),
    404: NOT_VISIBLE,
  },
});

export const addMemberOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/members",
  tag: "Team",
  summary: "Add a member",
  description: "By `userId` or `username`, with a role that ranks below yours and holds no permission you lack.",
  auth: "required",
  idempotent: true,
  params: projectParams,
  body: addMemberSchema,
  responses: {
    201: { description: "The member", schema: memberSchema, headers: ["Location"] },
    403: problem("Needs members.manage, or the role is too high"),
    409: problem("Already a member"),
  },
});

export const memberCandidatesOperation = defineOperation({
  operationId: "listMemberCandidates",
  method: "GET",
  path: "/api/v1/projects/{id}/member-candidates",
  tag: "Team",
  summary: "Accounts that could be added to the team",
  description:
    "For members who may add members (`members.manage`): active accounts whose username starts with `q` or whose display name contains it, not on the team yet, at most 8, by username. Public profiles only; e-mail addresses are neither searched nor shown.",
  auth: "required",
  params: projectParams,
  query: memberCandidatesQuerySchema,
  responses: {
    200: { description: "Up to 8 accounts", schema: z.object({ data: z.array(memberCandidateSchema) }) },
    403: problem("Needs members.manage"),
    404: NOT_VISIBLE,
  },
});

export const changeMemberOperation = defineOperation({
  operationId: "changeMemberRole",
  method: "PUT",
  path: "/api/v1/projects/{id}/members/{userId}",
  tag: "Team",
  summary: "Change a member's role",
  auth: "required",
  params: memberParams,
  body: changeMemberSchema,
  responses: {
    200: { description: "The member", schema: memberSchema },
    403: problem("Member ranks too high, or role too high"),
    404: problem("No such member"),
  },
});

export const removeMemberOperation = defineOperation({
  method: "DELETE",
  path: "/api/v1/projects/{id}/members/{userId}",
  tag: "Team",
  summary: "Remove a member, or leave (your own user id)",
  auth: "required",
  params: memberParams,
  responses: {
    204: { description: "Removed" },
    403: problem("Member ranks too high"),
    404: problem("No such member"),
    422: problem("The last Owner cannot leave"),
  },
});

export const transferOwnershipOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/transfer-ownership",
  tag: "Team",
  summary: "Make another ACTIVE partner the Owner",
  description: "By the Owner (who becomes Manager) or by the platform team (projects.moderate), which assigns a partner to a project.",
  auth: "required",
  params: projectParams,
  body: transferOwnershipSchema,
  responses: {
    200: { description: "The team afterwards", schema: z.object({ data: z.array(memberSchema) }) },
    403: problem("Not the Owner"),
    422: problem("Target is not an ACTIVE partner"),
  },
});

export const listRolesOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/roles",
  tag: "Team",
  summary: "The project's roles",
  auth: "required",
  params: projectParams,
  responses: { 200: { description: "Roles, highest rank first", schema: z.object({ data: z.array(roleSchema) }) }, 404: NOT_VISIBLE },
});

export const createRoleOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/roles",
  tag: "Team",
  summary: "Create a custom role",
  auth: "required",
  idempotent: true,
  params: projectParams,
  body: roleDefinitionSchema,
  responses: {
    201: { description: "The role", schema: roleSchema, headers: ["Location"] },
    403: problem("Needs roles.manage, or the role would outrank you"),
    409: problem("Name taken"),
  },
});

export const updateRoleOperation = defineOperation({
  method: "PUT",
  path: "/api/v1/projects/{id}/roles/{roleId}",
  tag: "Team",
  summary: "Edit a role (Owner cannot be edited)",
  auth: "required",
  params: roleParams,
  body: roleDefinitionSchema,
  responses: { 200: { description: "The role", schema: roleSchema }, 403: problem("The role outranks you"), 422: problem("Owner role") },
});

export const deleteRoleOperation = defineOperation({
  method: "DELETE",
  path: "/api/v1/projects/{id}/roles/{roleId}",
  tag: "Team",
  summary: "Delete a custom role",
  description: "If members hold it: 409, or with `?members=moveToMember` they get the Member role.",
  auth: "required",
  params: roleParams,
  query: deleteRoleQuerySchema,
  responses: { 204: { description: "Deleted" }, 409: problem("Role in use"), 422: problem("Default roles cannot be deleted") },
});
