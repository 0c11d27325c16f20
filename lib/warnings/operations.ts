import { z } from "zod";
import { defineOperation, idParams, idSchema, listOf, problem } from "../http/operation";
import { createWarningSchema, warningSchema } from "./schemas";

export const listWarningsOperation = defineOperation({
  method: "GET",
  path: "/api/v1/users/{id}/warnings",
  tag: "Administration",
  summary: "A user's warnings (warnings.read)",
  description: "Without warnings.read (and, for tokens, the admin scope) this answers 404, for the warned user too.",
  auth: "required",
  params: idParams,
  responses: { 200: listOf("Warnings", warningSchema), 404: problem("Not found") },
});

export const createWarningOperation = defineOperation({
  method: "POST",
  path: "/api/v1/users/{id}/warnings",
  tag: "Administration",
  summary: "Warn a user (warnings.manage)",
  auth: "required",
  idempotent: true,
  params: idParams,
  body: createWarningSchema,
  responses: { 201: { description: "The warning", schema: warningSchema, headers: ["Location"] }, 404: problem("Not found") },
});

export const revokeWarningOperation = defineOperation({
  method: "DELETE",
  path: "/api/v1/warnings/{warningId}",
  tag: "Administration",
  summary: "Revoke a warning (warnings.manage)",
  auth: "required",
  params: z.strictObject({ warningId: idSchema }),
  responses: { 204: { description: "Revoked" }, 404: problem("Not found") },
});
