import { z } from "zod";
import { defineOperation } from "../http/operation";

export const healthOperation = defineOperation({
  operationId: "getHealth",
  method: "GET",
  path: "/api/health",
  tag: "System",
  summary: "Readiness: database and Redis check",
  description:
    "Answers 200 when the database answers and, when Redis is configured, Redis too; 503 problem+json otherwise. For load balancers' readiness checks.",
  auth: "none",
  responses: {
    200: {
      description: "Ready",
      schema: z.object({ status: z.literal("ok"), database: z.literal("ok"), redis: z.enum(["ok", "not_configured"]) }),
    },
    503: { description: "The database or Redis does not answer" },
  },
});

export const openApiOperation = defineOperation({
  operationId: "getOpenApiDocument",
  method: "GET",
  path: "/api/v1/openapi.json",
  tag: "System",
  summary: "This OpenAPI 3.1 document",
  auth: "none",
  cache: "public",
  responses: { 200: { description: "The document", schema: z.record(z.string(), z.unknown()) } },
});

export const pingOperation = defineOperation({
  method: "GET",
  path: "/api/ping",
  tag: "System",
  summary: "Liveness without dependencies",
  description: "Answers `ok` (text/plain) without touching the database or the route wrapper: for load balancers.",
  auth: "none",
  bare: true,
  responses: { 200: { description: "Up", binary: "text/plain" } },
});
