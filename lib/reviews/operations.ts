import { z } from "zod";
import { auditEntrySchema, auditQuerySchema } from "../audit/schemas";
import { defineOperation, idSchema, problem } from "../http/operation";
import { pageSchema } from "../http/pagination";
import { notificationSchema } from "../notifications/service";
import { createWarningSchema, warningSchema } from "../warnings/schemas";
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
  responses: { 200: { description: "Projects waiting", schema: z.object({ data: z.array(queueEntrySchema) }) }, 403: problem("Not a reviewer") },
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
  responses: { 200: { description: "The claim", schema: z.object({ reviewerId: z.string(), expiresAt: z.iso.datetime() }) }, 409: problem("Claimed by another reviewer"), 422: problem("Not in review") },
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
    200: { description: "The decision", schema: z.object({ id: z.string(), decision: z.enum(["APPROVE", "REJECT"]), status: z.string() }) },
    403: problem("Not a reviewer, or on the project's team"),
    409: problem("Claimed by another reviewer, or already decided"),
    422: problem("A failed check on approval, or not in review"),
  },
});

export const notificationsOperation = defineOperation({
  operationId: "listNotifications",
  method: "GET",
  path: "/api/v1/users/me/notifications",
  tag: "Notifications",
  summary: "Your notifications, newest first",
  auth: "required",
  query: z.strictObject({ unread: z.enum(["true", "false"]).transform((value) => value === "true").optional() }),
  responses: { 200: { description: "Notifications", schema: z.object({ data: z.array(notificationSchema) }) } },
});

export const readNotificationsOperation = defineOperation({
  operationId: "markNotificationsRead",
  method: "POST",
  path: "/api/v1/users/me/notifications/read",
  tag: "Notifications",
  summary: "Mark notifications read (all, or the given ids)",
  auth: "required",
  body: z.strictObject({ ids: z.array(id).max(100).optional() }),
  responses: { 200: { description: "How many were marked", schema: z.object({ marked: z.int() }) } },
});

export const listWarningsOperation = defineOperation({
  method: "GET",
  path: "/api/v1/users/{id}/warnings",
  tag: "Administration",
  summary: "A user's warnings (warnings.read)",
  description: "Without warnings.read (and, for tokens, the admin scope) this answers 404, for the warned user too.",
  auth: "required",
  params: projectParams,
  responses: { 200: { description: "Warnings", schema: z.object({ data: z.array(warningSchema) }) }, 404: problem("Not found") },
});

export const createWarningOperation = defineOperation({
  method: "POST",
  path: "/api/v1/users/{id}/warnings",
  tag: "Administration",
  summary: "Warn a user (warnings.manage)",
  auth: "required",
  idempotent: true,
  params: projectParams,
  body: createWarningSchema,
  responses: { 201: { description: "The warning", schema: warningSchema }, 404: problem("Not found") },
});

export const revokeWarningOperation = defineOperation({
  method: "DELETE",
  path: "/api/v1/warnings/{warningId}",
  tag: "Administration",
  summary: "Revoke a warning (warnings.manage)",
  auth: "required",
  params: z.strictObject({ warningId: id }),
  responses: { 204: { description: "Revoked" }, 404: problem("Not found") },
});

export const auditOperation = defineOperation({
  operationId: "listAuditEntries",
  method: "GET",
  path: "/api/v1/audit",
  tag: "Administration",
  summary: "The audit log (audit.read)",
  auth: "required",
  scope: "admin",
  query: auditQuerySchema,
  responses: { 200: { description: "Entries, newest first", schema: pageSchema(auditEntrySchema) }, 403: problem("Needs audit.read") },
});

export const projectAuditOperation = defineOperation({
  operationId: "listProjectAuditEntries",
  method: "GET",
  path: "/api/v1/projects/{id}/audit",
  tag: "Administration",
  summary: "A project's audit entries (its Owner and Managers)",
  auth: "required",
  params: projectParams,
  query: auditQuerySchema.omit({ projectId: true }),
  responses: { 200: { description: "Entries, newest first", schema: pageSchema(auditEntrySchema) }, 403: problem("Needs project.settings"), 404: problem("Not visible") },
});

export const partnerHistoryOperation = defineOperation({
  operationId: "listPartnerHistory",
  method: "GET",
  path: "/api/v1/users/{id}/partner-history",
  tag: "Administration",
  summary: "Who changed a user's partner status, when and why (users.readAny)",
  auth: "required",
  scope: "admin",
  params: projectParams,
  responses: {
    200: {
      description: "Changes, newest first",
      schema: z.object({ data: z.array(z.object({ at: z.iso.datetime(), from: z.string(), to: z.string(), note: z.string().nullable(), by: z.object({ id: z.string(), displayName: z.string() }).nullable() })) }),
    },
  },
});
