import { z } from "zod";
import { TOKEN_SCOPES } from "../auth/actor";
import { SESSION_COOKIE } from "../auth/config";
import type { Operation } from "./operation";
import { OPERATIONS } from "./registry";

const PROBLEM_SCHEMA = {
  type: "object",
  description: "RFC 9457 problem details",
  required: ["type", "title", "status", "code"],
  properties: {
    type: { type: "string" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    code: { type: "string" },
    requestId: { type: "string" },
    errors: {
      type: "array",
      items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } },
    },
  },
};

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

function parameters(operation: Operation) {
  const list: unknown[] = [];
  for (const [location, schema] of [["path", operation.params], ["query", operation.query]] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, "input") as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      list.push({ name, in: location, required: location === "path" || (object.required ?? []).includes(name), schema: property });
    }
  }
  if (operation.versioned && operation.method !== "GET") {
    list.push({ name: "If-Match", in: "header", required: true, schema: { type: "string" }, description: "The ETag you read" });
  }
  if (operation.idempotent) {
    list.push({ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 255 }, description: "Repeat a create safely" });
  }
  return list;
}

function describe(operation: Operation) {
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    const isProblem = Number(status) >= 400;
    responses[status] = {
      description: response.description,
      ...(response.schema
        ? { content: { "application/json": { schema: jsonSchema(response.schema, "output") } } }
        : isProblem
          ? { content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } }
          : {}),
    };
  }
  return {
    operationId: `${operation.method.toLowerCase()} ${operation.path}`,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    security: operation.auth === "required" ? [{ bearer: [] }, { session: [] }] : operation.auth === "optional" ? [{}, { bearer: [] }, { session: [] }] : [],
    parameters: parameters(operation),
    ...(operation.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(operation.body, "input") } } } } : {}),
    ...(operation.fileBody
      ? { requestBody: { required: true, content: Object.fromEntries(operation.fileBody.contentTypes.map((type) => [type, { schema: { type: "string", format: "binary" } }])) } }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document, generated from the operations and their zod schemas. */
export function buildOpenApiDocument(operations: Operation[] = OPERATIONS) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path][operation.method.toLowerCase()] = describe(operation);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Project and User Management API",
      version: "1.0.0",
      description:
        "REST API of the platform's project and user management. Errors are RFC 9457 problem+json. " +
        `Personal access token scopes: ${Object.entries(TOKEN_SCOPES).map(([scope, text]) => `\`${scope}\` (${text})`).join(", ")}.`,
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "Personal access token: pmt_..." },
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "Portal session (same-origin requests only; `__Host-pums.session` in production)" },
      },
      schemas: { Problem: PROBLEM_SCHEMA },
    },
    paths,
  };
}
