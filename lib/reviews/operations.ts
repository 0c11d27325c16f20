import { z } from "zod";
import { defineOperation, idParams, idSchema, pageOf, problem } from "../http/operation";
import {
  acknowledgeSchema,
  changeStatusSchema,
  decisionSchema,
  historySchema,
  queueEntrySchema,
  queueQuerySchema,
  reviewDiffSchema,
} from "./schemas";

const reviewParams = z.strictObject({ projectId: idSchema });

export const changeStatusOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/status",
  tag: "Review",
  summary: "Move a project along the status workflow",
  description:
    "Submit (completeness is checked), withdraw, resubmit, back to draft, archive, reopen; the platform team archives and takes down. Approval and rejection are review decisions. A move that is not allowed is 422 with `allowed`; an incomplete submission 422 with `missing`.",
  auth: "required",
  params: idParams,
  body: changeStatusSchema,
  responses: {
    200: { description: "The history afterwards", schema: historySchema, headers: ["ETag"] },
    403: problem("No right to change the status"),
    404: problem("Not visible"),
    409: problem("The status changed meanwhile"),
    422: problem("Not an allowed move, or incomplete"),
  },
});

export const historyOperation = defineOperation({
  operationId: "getProjectHistory",
  method: "GET",
  path: "/api/v1/projects/{id}/history",
  tag: "Review",
  summary: "Status history, review outcomes, queue position and the next moves",
  description: "For the project's members and staff. Shows public review reasons, never the reviewers' internal notes.",
  auth: "required",
  params: idParams,
  responses: { 200: { description: "History", schema: historySchema }, 403: problem("Not on the team"), 404: problem("Not visible") },
});

export const reviewQueueOperation = defineOperation({
  operationId: "listReviewQueue",
  method: "GET",
  path: "/api/v1/reviews",
  tag: "Review",
  summary: "The review queue of one kind, oldest first (projects.review)",
  description:
    "`kind=PROJECT` (default): projects in review, by submission. `RELEASE`: releases in review, by submission, with `releaseId` and `version`. `CHANGE`: published projects changed since the platform team last approved or acknowledged them, by their first change (`submittedAt`). `position` counts from the head of the kind's queue, not of the page.",
  auth: "required",
  scope: "admin",
  query: queueQuerySchema,
  responses: {
    200: pageOf("One page of the queue", queueEntrySchema),
    400: problem("Unknown kind, or a bad cursor"),
    403: problem("Not a reviewer"),
  },
});

export const claimOperation = defineOperation({
  operationId: "claimReview",
  method: "POST",
  path: "/api/v1/reviews/{projectId}/claim",
  tag: "Review",
  summary: "Claim a project for review (a lock that expires)",
  auth: "required",
  scope: "admin",
  params: reviewParams,
  responses: {
    200: { description: "The claim", schema: z.object({ reviewerId: z.string(), expiresAt: z.iso.datetime() }) },
    409: problem("Claimed by another reviewer"),
    422: problem("Not in review"),
  },
});

export const releaseClaimOperation = defineOperation({
  operationId: "releaseReviewClaim",
  method: "DELETE",
  path: "/api/v1/reviews/{projectId}/claim",
  tag: "Review",
  summary: "Release your claim",
  auth: "required",
  scope: "admin",
  params: reviewParams,
  responses: { 204: { description: "Released" }, 409: problem("You hold no claim") },
});

export const decisionOperation = defineOperation({
  operationId: "decideReview",
  method: "POST",
  path: "/api/v1/reviews/{projectId}/decision",
  tag: "Review",
  summary: "Approve (every check passed: publishes) or reject (with a public reason)",
  description:
    "Of two decisions at once exactly one counts; the other gets 409. The internal note stays with the platform team. The decision records the project `version` it was made on; an optional If-Match (the project's ETag) insists on the version the reviewer read (412 when the project changed since).",
  auth: "required",
  scope: "admin",
  ifMatch: "optional",
  params: reviewParams,
  body: decisionSchema,
  responses: {
    200: {
      description: "The decision; the ETag is the project's version after it",
      headers: ["ETag"],
      schema: z.object({
        id: z.string(),
        decision: z.enum(["APPROVE", "REJECT"]),
        status: z.string(),
        version: z.int().describe("The project version the decision was made on."),
        claimedByDecision: z.boolean().describe("True when the reviewer held no claim: the project was free and the decision claimed it."),
      }),
    },
    403: problem("Not a reviewer, or on the project's team"),
    409: problem("Claimed by another reviewer, or already decided"),
    412: problem("If-Match names an older version of the project"),
    422: problem("A failed check on approval, or not in review"),
  },
});

export const reviewDiffOperation = defineOperation({
  operationId: "getReviewDiff",
  method: "GET",
  path: "/api/v1/projects/{id}/review-diff",
  tag: "Review",
  summary: "What changed in the reviewed content since the last approval or acknowledgement",
  description:
    "For the project's team (every member) and staff who see the project as members do; 404 for everyone else. Areas: PRESENTATION, MODULES, SETTINGS, PAGES (field: the page's slug), SUPPORT_LINKS, LAUNCHER, RELEASES (field: the release's version; published and yanked releases with their files). Before the first approval `since` is null and `changes` empty.",
  auth: "optional",
  params: idParams,
  responses: { 200: { description: "The diff", schema: reviewDiffSchema }, 404: problem("Not visible, or not on the team") },
});

export const acknowledgeOperation = defineOperation({
  operationId: "markChangesAcknowledged",
  method: "POST",
  path: "/api/v1/reviews/{projectId}/acknowledge",
  tag: "Review",
  summary: "Acknowledge the changes of a project on the change list: a new baseline",
  description:
    "The content now becomes the baseline the review diff compares with, and the project leaves the change list. The internal note stays with the platform team. Of two acknowledgements at once one counts; the other gets 409 `not_changed`. An optional If-Match (the project's ETag) insists on the version the reviewer read.",
  auth: "required",
  scope: "admin",
  ifMatch: "optional",
  params: reviewParams,
  body: acknowledgeSchema,
  responses: {
    200: { description: "The review diff afterwards: the new baseline and no changes", schema: reviewDiffSchema },
    403: problem("Not a reviewer, or on the project's team"),
    409: problem("Not on the change list (`not_changed`)"),
    412: problem("If-Match names an older version of the project"),
  },
});
