import { z } from "zod";
import { defineOperation } from "../http/operation";

export const healthOperation = defineOperation({
  operationId: "getHealth",
  method: "GET",
  path: "/api/health",
  tag: "System",
  summary: "Liveness and database check",
  auth: "none",
  responses: {
    200: { description: "Up", schema: z.object({ status: z.literal("ok"), database: z.literal("ok") }) },
    503: { description: "The database does not answer" },
  },
});

export const openApiOperation = defineOperation({
  operationId: "getOpenApiDocument",
  method: "GET",
  path: "/api/v1/openapi.json",
  tag: "System",
  summary: "This OpenAPI 3.1 document",
  auth: "none",
  responses: { 200: { description: "The document" } },
});

export const pingOperation = defineOperation({
  method: "GET",
  path: "/api/ping",
  tag: "System",
  summary: "Liveness without dependencies",
  description: "Answers `ok` without touching the database: for load balancers.",
  auth: "none",
  responses: { 200: { description: "Up" } },
});
