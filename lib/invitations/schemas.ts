import { z } from "zod";
import { paginationQuerySchema } from "../http/pagination";
import { addMemberSchema, personSchema } from "../members/schemas";
import { projectRefSchema } from "../projects/schemas";

/** Invitation fields, shared by the API, the portal's forms and the OpenAPI document (docs/projects.md, "Invitations"). */

export const INVITATION_STATUSES = ["PENDING", "ACCEPTED", "DECLINED", "REVOKED", "EXPIRED"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** How long an invitation waits for its answer. */
export const INVITATION_TTL_DAYS = 14;

/** Inviting names the account and the role exactly as adding a member does: `userId` or `username`, and `roleId`. */
export const createInvitationSchema = addMemberSchema;
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

export const listInvitationsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(INVITATION_STATUSES, "Unknown status.").optional(),
});
export type ListInvitationsQuery = z.infer<typeof listInvitationsQuerySchema>;

export const invitationSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  /** The invitee. */
  userId: z.string(),
  status: z.enum(INVITATION_STATUSES).meta({ description: "A pending invitation past `expiresAt` is EXPIRED." }),
  role: z
    .object({
      id: z.string(),
      key: z.string().nullable().meta({ description: "A default role's key (MANAGER, DEVELOPER, MEMBER...); null for a custom role" }),
      name: z.string(),
    })
    .nullable()
    .meta({ description: "The role the invitee gets; null when the role was deleted since (then it cannot be accepted)" }),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** When it was accepted, declined, revoked or found expired. */
  decidedAt: z.iso.datetime().nullable(),
  /** The project's name: the invitee may not see anything else of it before joining (a draft, a private project). */
  project: projectRefSchema,
  invitee: personSchema,
  invitedBy: personSchema.nullable(),
});
export type InvitationView = z.infer<typeof invitationSchema>;
