import { z } from "zod";
import { paginationQuerySchema } from "../http/pagination";
import { personSchema, roleSchema } from "../members/schemas";
import { projectRefSchema } from "../projects/schemas";

/** Application fields, shared by the API, the portal's forms and the OpenAPI document. */

export const APPLICATION_STATUSES = ["PENDING", "ACCEPTED", "REJECTED", "WITHDRAWN"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const MAX_APPLICATION_MESSAGE = 2000;
export const MAX_DECISION_REASON = 1000;

/** What the form asks when the project sets no prompt of its own. */
export const DEFAULT_APPLICATION_PROMPT = "Tell the team about yourself and why you want to join.";

const roleIdSchema = z.string().min(1, "Choose a role.").max(64, "This role does not exist in the project.");

export const applySchema = z.strictObject({
  message: z
    .string()
    .trim()
    .min(1, "Write a message to the team.")
    .max(MAX_APPLICATION_MESSAGE, `Use at most ${MAX_APPLICATION_MESSAGE} characters.`),
  roleId: roleIdSchema.optional(),
});
export type ApplyInput = z.infer<typeof applySchema>;

/** Shown to the applicant. */
const reasonSchema = z.string().trim().max(MAX_DECISION_REASON, `Use at most ${MAX_DECISION_REASON} characters.`);

/** ACCEPT may name the role the applicant gets (Member when left out); REJECT takes no role. */
export const decisionSchema = z.discriminatedUnion(
  "decision",
  [
    z.strictObject({
      decision: z.literal("ACCEPT"),
      /** The role the applicant gets when accepted; Member when left out. */
      roleId: roleIdSchema.optional(),
      reason: reasonSchema.optional(),
    }),
    z.strictObject({
      decision: z.literal("REJECT"),
      roleId: z.never("A role goes only with ACCEPT.").optional(),
      reason: reasonSchema.optional(),
    }),
  ],
  { error: "Choose ACCEPT or REJECT." },
);
export type DecisionInput = z.infer<typeof decisionSchema>;

/** The decision form of the portal: the role picker and the reason; the button says which decision. */
export const decisionFormSchema = z.strictObject({ roleId: roleIdSchema, reason: reasonSchema });

export const listApplicationsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(APPLICATION_STATUSES, "Unknown status.").optional(),
});

/** The outcomes the Applications tab's history holds, and so filters by. */
export const HISTORY_OUTCOMES = ["ACCEPTED", "REJECTED", "WITHDRAWN"] as const satisfies readonly ApplicationStatus[];
export type HistoryOutcome = (typeof HISTORY_OUTCOMES)[number];

/** How many entries of the history a page shows at first, and how many more "Show more" adds. */
export const HISTORY_PAGE = 20;

/**
 * The history's filters in the tab's address (`?outcome=REJECTED&q=sid&shown=40`). Anything
 * malformed falls back to the default instead of failing the page: the address is typed by hand.
 */
export const historyQuerySchema = z.object({
  outcome: z.enum(HISTORY_OUTCOMES).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  shown: z.coerce.number().int().min(HISTORY_PAGE).max(1000).catch(HISTORY_PAGE).default(HISTORY_PAGE),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const applicationSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  userId: z.string(),
  message: z.string(),
  roleId: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: z.string().nullable(),
  /** The public reason of a decision. */
  reason: z.string().nullable(),
  /** Names for screens: the role asked for (or given), the project, the applicant. */
  role: z
    .object({
      id: z.string(),
      key: z
        .string()
        .nullable()
        .meta({ description: "A default role's key (OWNER, MANAGER, DEVELOPER, MEMBER...); null for a custom role" }),
      name: z.string(),
    })
    .nullable(),
  project: projectRefSchema,
  applicant: personSchema.extend({ memberSince: z.iso.datetime() }),
});
export type ApplicationView = z.infer<typeof applicationSchema>;

export const membershipSchema = z.object({
  project: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    status: z.string(),
    visibility: z.string(),
    logoUrl: z.string().nullable(),
  }),
  role: roleSchema.pick({ id: true, key: true, name: true, rank: true }),
  since: z.iso.datetime(),
});
export type MembershipView = z.infer<typeof membershipSchema>;
