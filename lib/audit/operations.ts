import { z } from "zod";
import { defineOperation, idSchema, problem } from "../http/operation";
import { pageSchema } from "../http/pagination";
import { auditEntrySchema, auditQuerySchema, projectAuditQuerySchema } from "./schemas";

const projectParams = z.strictObject({ id: idSchema });

export const auditOperation = defineOperation({
  operationId: "listAuditEntries",
  method: "GET",
  path: "/api/v1/audit",
  tag: "Administration",
  summary: "The audit log (audit.read)",
  auth: "required",
  scope: "admin",
  query: auditQuerySchema,
  responses: {
    200: { description: "Entries, newest first", schema: pageSchema(auditEntrySchema) },
    400: problem("A filter is malformed, or the range ends before it starts"),
    403: problem("Needs audit.read"),
  },
});

export const projectAuditOperation = defineOperation({
  operationId: "listProjectAuditEntries",
  method: "GET",
  path: "/api/v1/projects/{id}/audit",
  tag: "Administration",
  summary: "A project's audit entries (its Owner and Managers)",
  auth: "required",
  params: projectParams,
  query: projectAuditQuerySchema,
  responses: {
    200: { description: "Entries, newest first", schema: pageSchema(auditEntrySchema) },
    400: problem("A filter is malformed, or the range ends before it starts"),
    403: problem("Needs project.settings"),
    404: problem("Not visible"),
  },
});
