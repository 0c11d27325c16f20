import { z } from "zod";
import {
  HIDDEN_PROJECT,
  idParams,
  NOT_AN_OUTSIDE_REVIEWER,
  operationsOf,
  pageOf,
  pathIds,
  problem,
  REVIEW_DECISION_REFUSALS,
} from "../http/operation";
import {
  acknowledgeSchema,
  changeStatusSchema,
  decisionSchema,
  historySchema,
  queueEntrySchema,
  queueQuerySchema,
  reviewDiffSchema,
} from "./schemas";

const reviewParams = pathIds("projectId");
/** The 412 of a reviewer's step whose optional If-Match names a version of the project older than the current one. */
const OLDER_PROJECT_IF_MATCH = problem("If-Match names an older version of the project");

const { anyone, signedIn, staff } = operationsOf("Review");

export const changeStatusOperation = signedIn.post("/api/v1/projects/{id}/status", {
  summary: "Move a project along the status workflow",
  description:
    "Submit (completeness is checked), withdraw, resubmit, back to draft, archive, reopen; the platform team archives and takes down. Approval and rejection are review decisions. A move that is not allowed is 422 with `allowed`; an incomplete submission 422 with `missing`.",
  params: idParams,
  body: changeStatusSchema,
  responses: {
    200: { description: "The history afterwards", schema: historySchema, headers: ["ETag"] },
    403: problem("No right to change the status"),
    404: HIDDEN_PROJECT,
    409: problem("The status changed meanwhile"),
    422: problem("Not an allowed move, or incomplete"),
  },
});

export const historyOperation = signedIn.get("/api/v1/projects/{id}/history", {
  operationId: "getProjectHistory",
  summary: "Status history, review outcomes, queue position and the next moves",
  description: "For the project's members and staff. Shows public review reasons, never the reviewers' internal notes.",
  params: idParams,
  responses: { 200: { description: "History", schema: historySchema }, 403: problem("Not on the team"), 404: HIDDEN_PROJECT },
});

export const reviewQueueOperation = staff.get("/api/v1/reviews", {
  operationId: "listReviewQueue",
  summary: "The review queue of one kind, oldest first (projects.review)",
  description:
    "`kind=PROJECT` (default): projects in review, by submission. `RELEASE`: releases in review, by submission, with `releaseId` and `version`. `CHANGE`: published projects changed since the platform team last approved or acknowledged them, by their first change (`submittedAt`). `position` counts from the head of the kind's queue, not of the page.",
  query: queueQuerySchema,
  responses: {
    200: pageOf("One page of the queue", queueEntrySchema),
    400: problem("Unknown kind, or a bad cursor"),
    403: problem("Not a reviewer"),
  },
});

export const claimOperation = staff.post("/api/v1/reviews/{projectId}/claim", {
  operationId: "claimReview",
  summary: "Claim a project for review (a lock that expires)",
  params: reviewParams,
  responses: {
    200: { description: "The claim", schema: z.object({ reviewerId: z.string(), expiresAt: z.iso.datetime() }) },
    409: problem("Claimed by another reviewer"),
    422: problem("Not in review"),
  },
});

export const releaseClaimOperation = staff.delete("/api/v1/reviews/{projectId}/claim", {
  operationId: "releaseReviewClaim",
  summary: "Release your claim",
  params: reviewParams,
  responses: { 204: { description: "Released" }, 409: problem("You hold no claim") },
});

export const decisionOperation = staff.post("/api/v1/reviews/{projectId}/decision", {
  operationId: "decideReview",
  summary: "Approve (every check passed: publishes) or reject (with a public reason)",
  description:
    "Of two decisions at once exactly one counts; the other gets 409. The internal note stays with the platform team. The decision records the project `version` it was made on; an optional If-Match (the project's ETag) insists on the version the reviewer read (412 when the project changed since).",
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
    ...REVIEW_DECISION_REFUSALS,
    409: problem("Claimed by another reviewer, or already decided"),
    412: OLDER_PROJECT_IF_MATCH,
  },
});

export const reviewDiffOperation = anyone.get("/api/v1/projects/{id}/review-diff", {
  operationId: "getReviewDiff",
  summary: "What changed in the reviewed content since the last approval or acknowledgement",
  description:
    "For the project's team (every member) and staff who see the project as members do; 404 for everyone else. Areas: PRESENTATION, MODULES, SETTINGS, PAGES (field: the page's slug), SUPPORT_LINKS, LAUNCHER, RELEASES (field: the release's version; published and yanked releases with their files). Before the first approval `since` is null and `changes` empty.",
  params: idParams,
  responses: { 200: { description: "The diff", schema: reviewDiffSchema }, 404: problem("Not visible, or not on the team") },
});

export const acknowledgeOperation = staff.post("/api/v1/reviews/{projectId}/acknowledge", {
  operationId: "markChangesAcknowledged",
  summary: "Acknowledge the changes of a project on the change list: a new baseline",
  description:
    "The content now becomes the baseline the review diff compares with, and the project leaves the change list. The internal note stays with the platform team. Of two acknowledgements at once one counts; the other gets 409 `not_changed`. An optional If-Match (the project's ETag) insists on the version the reviewer read.",
  ifMatch: "optional",
  params: reviewParams,
  body: acknowledgeSchema,
  responses: {
    200: { description: "The review diff afterwards: the new baseline and no changes", schema: reviewDiffSchema },
    403: NOT_AN_OUTSIDE_REVIEWER,
    409: problem("Not on the change list (`not_changed`)"),
    412: OLDER_PROJECT_IF_MATCH,
  },
});
