import { z } from "zod";

/** A review checklist item: passed, with a note for the team. */
const checkItemSchema = z.strictObject({ passed: z.boolean(), note: z.string().trim().max(2000).default("") });

/**
 * The body of a review decision, on a project (lib/reviews) or on a release (lib/releases): approve
 * or reject, one item for each entry of the reviewer's checklist (`checklist`, by key), and the public
 * reason a rejection needs (`reasonMissing` says so when it is left out). The internal note stays
 * with the platform team.
 */
export function reviewDecisionSchema<Item extends string>(checklist: Record<Item, string>, reasonMissing: string) {
  const items = Object.fromEntries(Object.keys(checklist).map((item) => [item, checkItemSchema])) as Record<Item, typeof checkItemSchema>;
  return z
    .strictObject({
      decision: z.enum(["APPROVE", "REJECT"]),
      checklist: z.strictObject(items),
      publicReason: z.string().trim().max(2000).optional(),
      internalNote: z.string().trim().max(5000).optional(),
    })
    .refine((input) => input.decision !== "REJECT" || Boolean(input.publicReason), { path: ["publicReason"], message: reasonMissing });
}
