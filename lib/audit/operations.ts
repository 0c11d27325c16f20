import { guardedBy, idParams, operationsOf, pageOf, problem } from "../http/operation";
import { auditEntrySchema, auditQuerySchema, projectAuditQuerySchema } from "./schemas";

const BAD_FILTER = problem("A filter is malformed, or the range ends before it starts");

const { staff, signedIn } = operationsOf("Administration");

export const auditOperation = staff.get("/api/v1/audit", {
  operationId: "listAuditEntries",
  summary: "The audit log (audit.read)",
  query: auditQuerySchema,
  responses: {
    200: pageOf("Entries, newest first", auditEntrySchema),
    400: BAD_FILTER,
    403: problem("Needs audit.read"),
  },
});

export const projectAuditOperation = signedIn.get("/api/v1/projects/{id}/audit", {
  operationId: "listProjectAuditEntries",
  summary: "A project's audit entries (its Owner and Managers)",
  params: idParams,
  query: projectAuditQuerySchema,
  responses: {
    200: pageOf("Entries, newest first", auditEntrySchema),
    400: BAD_FILTER,
    ...guardedBy("project.settings", problem("Not visible")),
  },
});
