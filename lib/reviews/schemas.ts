import { z } from "zod";
import { paginationQuerySchema } from "../http/pagination";
import { PROJECT_STATUSES } from "../permissions";
import { reviewDecisionSchema } from "../projects/review-decision";
import { REVIEW_AREAS } from "../projects/review-snapshot";

export const changeStatusSchema = z.strictObject({
  status: z.enum(PROJECT_STATUSES),
  reason: z.string().trim().min(1).max(2000).optional(),
});

export const CHECKLIST_ITEMS = {
  completeness: "Complete: every required field and enabled module is set up",
  quality: "Quality: presentation and content meet the platform's standard",
  guidelines: "Guidelines: complies with the platform's rules",
  security: "Security: links, files and launcher settings are safe",
} as const;

export const decisionSchema = reviewDecisionSchema(CHECKLIST_ITEMS, "Tell the team why the project is rejected.");
export type DecisionInput = z.infer<typeof decisionSchema>;

export const historyEntrySchema = z.object({
  at: z.iso.datetime(),
  from: z.enum(PROJECT_STATUSES),
  to: z.enum(PROJECT_STATUSES),
  by: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  reason: z.string().nullable(),
});

export const reviewOutcomeSchema = z.object({
  at: z.iso.datetime(),
  decision: z.enum(["APPROVE", "REJECT"]),
  publicReason: z.string().nullable(),
  checklist: z.record(z.string(), z.object({ passed: z.boolean(), note: z.string() })),
  version: z.int().nullable().describe("The project version the decision was made on (null for decisions before 2026-11-26)."),
});

export const historySchema = z.object({
  status: z.enum(PROJECT_STATUSES),
  queue: z.object({ position: z.int(), submittedAt: z.iso.datetime() }).nullable(),
  transitions: z.array(historyEntrySchema),
  reviews: z.array(reviewOutcomeSchema),
  allowedMoves: z.array(z.object({ to: z.enum(PROJECT_STATUSES), label: z.string(), reasonRequired: z.boolean() })),
  missing: z.array(z.object({ path: z.string(), message: z.string() })),
});

export const QUEUE_KINDS = ["PROJECT", "RELEASE", "CHANGE"] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

export const queueQuerySchema = paginationQuerySchema.extend({
  kind: z.enum(QUEUE_KINDS, "Unknown kind: PROJECT, RELEASE or CHANGE.").default("PROJECT"),
});

export const queueEntrySchema = z.object({
  kind: z.enum(QUEUE_KINDS),
  position: z.int().describe("From the head of this kind's queue, not of the page."),
  projectId: z.string(),
  releaseId: z.string().optional().describe("RELEASE items: the release in review."),
  version: z.string().optional().describe("RELEASE items: the release's version."),
  slug: z.string(),
  name: z.string(),
  submittedAt: z.iso.datetime(),
  waitingSeconds: z.int(),
  claim: z.object({ reviewerId: z.string(), reviewerName: z.string(), expiresAt: z.iso.datetime(), mine: z.boolean() }).nullable(),
});

export const acknowledgeSchema = z.strictObject({
  internalNote: z.string().trim().max(5000).optional(),
});

const changeValueSchema = z.json().describe("A JSON value: text, a list, an object, or null where the thing did not exist.");

export const reviewDiffSchema = z.object({
  since: z
    .object({ at: z.iso.datetime(), version: z.int() })
    .nullable()
    .describe("The baseline: the approval or the last acknowledgement; null before the first approval."),
  changes: z.array(
    z.object({
      area: z.enum(REVIEW_AREAS),
      field: z
        .string()
        .describe("A presentation, settings or launcher field; `modules`; `supportLinks`; a page's slug; a release's version."),
      before: changeValueSchema,
      after: changeValueSchema,
    }),
  ),
});
