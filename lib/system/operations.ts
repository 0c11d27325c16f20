import { z } from "zod";
import { operationsOf } from "../http/operation";

const { noSignIn } = operationsOf("System");

export const healthOperation = noSignIn.get("/api/health", {
  operationId: "getHealth",
  summary: "Readiness: database and Redis check",
  description:
    "Answers 200 when the database answers and, when Redis is configured, Redis too; 503 problem+json otherwise. For load balancers' readiness checks.",
  responses: {
    200: {
      description: "Ready",
      schema: z.object({ status: z.literal("ok"), database: z.literal("ok"), redis: z.enum(["ok", "not_configured"]) }),
    },
    503: { description: "The database or Redis does not answer" },
  },
});

export const openApiOperation = noSignIn.get("/api/v1/openapi.json", {
  operationId: "getOpenApiDocument",
  summary: "This OpenAPI 3.1 document",
  cache: "public",
  responses: { 200: { description: "The document", schema: z.record(z.string(), z.unknown()) } },
});

export const pingOperation = noSignIn.get("/api/ping", {
  summary: "Liveness without dependencies",
  description: "Answers `ok` (text/plain) without touching the database or the route wrapper: for load balancers.",
  bare: true,
  responses: { 200: { description: "Up", binary: "text/plain" } },
});
