import { guardedBy, HIDDEN_PROJECT, idParams, operationsOf, pageOf, problem } from "../http/operation";
import { auditEntrySchema, auditQuerySchema, projectAuditQuerySchema } from "./schemas";

/** Both audit lists answer a page of entries, or 400 for a filter they cannot apply. */
const ENTRIES_OR_BAD_FILTER = {
  200: pageOf("Entries, newest first", auditEntrySchema),
  400: problem("A filter is malformed, or the range ends before it starts"),
};

const { staff, signedIn } = operationsOf("Administration");

export const auditOperation = staff.get("/api/v1/audit", {
  operationId: "listAuditEntries",
  summary: "The audit log (audit.read)",
  query: auditQuerySchema,
  responses: {
    ...ENTRIES_OR_BAD_FILTER,
    403: problem("Needs audit.read"),
  },
});

export const projectAuditOperation = signedIn.get("/api/v1/projects/{id}/audit", {
  operationId: "listProjectAuditEntries",
  summary: "A project's audit entries (its Owner and Managers)",
  params: idParams,
  query: projectAuditQuerySchema,
  responses: {
    ...ENTRIES_OR_BAD_FILTER,
    ...guardedBy("project.settings", HIDDEN_PROJECT),
  },
});
