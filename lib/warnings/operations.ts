import { idParams, listOf, operationsOf, pathIds, problem } from "../http/operation";
import { createWarningSchema, warningSchema } from "./schemas";

/** The 404 of every warnings endpoint: nothing there, or nothing the caller may see (the warned user included). */
const NOT_FOUND = problem("Not found");

const { signedIn } = operationsOf("Administration");

export const listWarningsOperation = signedIn.get("/api/v1/users/{id}/warnings", {
  summary: "A user's warnings (warnings.read)",
  description: "Without warnings.read (and, for tokens, the admin scope) this answers 404, for the warned user too.",
  params: idParams,
  responses: { 200: listOf("Warnings", warningSchema), 404: NOT_FOUND },
});

export const createWarningOperation = signedIn.post("/api/v1/users/{id}/warnings", {
  summary: "Warn a user (warnings.manage)",
  idempotent: true,
  params: idParams,
  body: createWarningSchema,
  responses: { 201: { description: "The warning", schema: warningSchema, headers: ["Location"] }, 404: NOT_FOUND },
});

export const revokeWarningOperation = signedIn.delete("/api/v1/warnings/{warningId}", {
  summary: "Revoke a warning (warnings.manage)",
  params: pathIds("warningId"),
  responses: { 204: { description: "Revoked" }, 404: NOT_FOUND },
});
