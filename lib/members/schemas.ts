import { z } from "zod";
import { idSchema } from "../http/operation";
import { ALL_PROJECT_PERMISSIONS, CUSTOM_ROLE_RANK, type ProjectPermission } from "../permissions";

/** Add a member by user id or by username, with a role of the project. */
export const addMemberSchema = z
  .strictObject({ userId: idSchema.optional(), username: z.string().trim().min(1).max(32).optional(), roleId: idSchema })
  .refine((input) => Boolean(input.userId) !== Boolean(input.username), {
    path: ["username"],
    message: "Name the user by userId or by username (one of them).",
  })
  // The refinement, as the OpenAPI document states it: exactly one of the two.
  .meta({ oneOf: [{ required: ["userId"] }, { required: ["username"] }] });
export type AddMemberInput = z.infer<typeof addMemberSchema>;

export const changeMemberSchema = z.strictObject({ roleId: idSchema });
export const transferOwnershipSchema = z.strictObject({ userId: idSchema });

export const roleDefinitionSchema = z.strictObject({
  name: z.string().trim().min(2, "Use at least 2 characters.").max(40, "Use at most 40 characters."),
  permissions: z
    .array(z.enum(ALL_PROJECT_PERMISSIONS as [ProjectPermission, ...ProjectPermission[]], "Unknown permission."))
    .max(ALL_PROJECT_PERMISSIONS.length),
  rank: z
    .int("Enter a whole number.")
    .min(CUSTOM_ROLE_RANK.min, `Use ${CUSTOM_ROLE_RANK.min} or more.`)
    .max(CUSTOM_ROLE_RANK.max, `Use ${CUSTOM_ROLE_RANK.max} or less: Owner ranks above every other role.`),
});
export type RoleDefinition = z.infer<typeof roleDefinitionSchema>;

export const deleteRoleQuerySchema = z.strictObject({
  /** What happens to members who hold the role: refuse (409, default) or move them to Member. */
  members: z.enum(["refuse", "moveToMember"]).default("refuse"),
});

export const roleSchema = z.object({
  id: z.string(),
  key: z.string().nullable(),
  name: z.string(),
  rank: z.int(),
  permissions: z.array(z.string()),
  custom: z.boolean(),
  memberCount: z.int(),
});

/** An account that could be added to a team: its public profile only. */
export const memberCandidateSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
});

/** A person named in a team's records (an applicant, an invitee, who invited): the public profile only. */
export const personSchema = z.object({ id: z.string(), username: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() });

export const memberCandidatesQuerySchema = z.strictObject({ q: z.string().trim().min(2, "Type at least 2 characters.").max(32) });

/** A member: the public profile, as of a candidate, with the role and since when. */
export const memberSchema = memberCandidateSchema.extend({
  role: z.object({ id: z.string(), key: z.string().nullable(), name: z.string(), rank: z.int() }),
  joinedAt: z.iso.datetime(),
});
