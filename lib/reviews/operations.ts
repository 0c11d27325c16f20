import { z } from "zod";
import { defineOperation, idSchema, problem } from "../http/operation";
import { changeStatusSchema, decisionSchema, historySchema, queueEntrySchema } from "./schemas";

const id = idSchema;
const projectParams = z.strictObject({ id });
const reviewParams = z.strictObject({ projectId: id });

export const changeStatusOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/status",
  tag: "Review",
  summary: "Move a project along the status workflow",
  description:
    "Submit (completeness is checked), withdraw, resubmit, back to draft, archive, reopen; the platform team archives and takes down. Approval and rejection are review decisions. A move that is not allowed is 422 with `allowed`; an incomplete submission 422 with `missing`.",
  auth: "required",
  params: projectParams,
  body: changeStatusSchema,
  responses: {
    200: { description: "The history afterwards", schema: historySchema },
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
  params: projectParams,
  responses: { 200: { description: "History", schema: historySchema }, 403: problem("Not on the team"), 404: problem("Not visible") },
});

export const reviewQueueOperation = defineOperation({
  operationId: "listReviewQueue",
  method: "GET",
  path: "/api/v1/reviews",
  tag: "Review",
  summary: "The review queue, oldest first (projects.review)",
  auth: "required",
  scope: "admin",
  responses: {
    200: { description: "Projects waiting", schema: z.object({ data: z.array(queueEntrySchema) }) },
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
  description: "Of two decisions at once exactly one counts; the other gets 409. The internal note stays with the platform team.",
  auth: "required",
  scope: "admin",
  params: reviewParams,
  body: decisionSchema,
  responses: {
    200: {
      description: "The decision",
      schema: z.object({
        id: z.string(),
        decision: z.enum(["APPROVE", "REJECT"]),
        status: z.string(),
        claimedByDecision: z.boolean().describe("True when the reviewer held no claim: the project was free and the decision claimed it."),
      }),
    },
    403: problem("Not a reviewer, or on the project's team"),
    409: problem("Claimed by another reviewer, or already decided"),
    422: problem("A failed check on approval, or not in review"),
  },
});
