import { z } from "zod";
import { TOKEN_SCOPES } from "../auth/actor";
import { SESSION_COOKIE } from "../auth/config";
import type { Operation, ResponseHeader } from "../http/operation";
import "./openapi-schemas";
import { OPERATION_NAMES, OPERATIONS, TAGS } from "./registry";
import { EVENT_TYPES, PING_EVENT_TYPE } from "../audit-log/events";
import { eventPayloadSchema } from "../webhooks/schemas";

/**
 * The OpenAPI 3.1 document, generated from the operations and their zod schemas. What the route
 * wrapper does for an operation's flags (auth, scope, versioned, idempotent, bodies, rate limits)
 * is documented from the same flags, so the document cannot promise less than the server does.
 */

type JsonObject = Record<string, unknown>;

const PROBLEM_SCHEMA = {
  type: "object",
  description: "RFC 9457 problem details. Besides the standard members the server may add the extra members listed here.",
  required: ["type", "title", "status", "code"],
  properties: {
    type: { type: "string", format: "uri" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    code: {
      type: "string",
      description: "Machine-readable reason, e.g. `validation_failed`, `not_found`, `insufficient_scope`, `stale_version`.",
    },
    requestId: { type: "string", description: "Quote it when you contact support." },
    errors: {
      type: "array",
      description: "Validation errors, one per field.",
      items: { type: "object", required: ["path", "message"], properties: { path: { type: "string" }, message: { type: "string" } } },
    },
    allowed: { type: "array", items: { type: "string" }, description: "The moves that are allowed instead (invalid transitions)." },
    missing: {
      type: "array",
      description: "What a project or release lacks for review (`incomplete`), one entry per field, like `errors`.",
      items: { type: "object", required: ["path", "message"], properties: { path: { type: "string" }, message: { type: "string" } } },
    },
    failed: { type: "array", items: { type: "string" }, description: "Checklist items that did not pass." },
    modules: { type: "array", items: { type: "string" }, description: "Modules that are not available yet." },
    allowedStatuses: { type: "array", items: { type: "string" }, description: "Statuses in which the action is possible." },
    memberCount: { type: "integer", description: "Members that hold the role." },
    expiresAt: { type: "string", format: "date-time", description: "Until when another reviewer's claim holds." },
    interval: {
      type: "integer",
      description: "Device sign-in: the seconds to wait before the next poll (`authorization_pending`, `slow_down`).",
    },
  },
  additionalProperties: true,
  example: {
    type: "https://docs.pums.dev/problems/not_found",
    title: "Not found",
    status: 404,
    detail: "The project does not exist or is not visible to you.",
    code: "not_found",
    requestId: "5b0c2f0e-6f6e-4f3e-9a59-1b7f0f1c2d3e",
  },
};

/**
 * The response headers. `required: true` marks those sent on every answer that declares them; the
 * `...IfAny` variants are sent on some answers only.
 */
const HEADERS = {
  ETag: {
    description:
      'A validator of the answer: send it back in `If-None-Match` to get 304 while it is current. A versioned resource\'s is `"v<n>"` (a project read by someone with access to it `"v<n>.<hash>"`): send it back in `If-Match` to change the resource. A download\'s is its quoted sha256; other answers\' `"h<hash>"` of the bytes sent.',
    required: true,
    schema: { type: "string" },
  },
  Location: { description: "Where the created resource lives.", required: true, schema: { type: "string" } },
  "Cache-Control": {
    description:
      "How caches may keep the answer: `no-store` or `private, ...` for anything that depends on the caller; public anonymous reads may name shared-cache lifetimes.",
    required: true,
    schema: { type: "string" },
  },
  Vary: {
    description: "The request headers the answer depends on (`Authorization`, `Cookie`, ...).",
    required: true,
    schema: { type: "string" },
  },
  "X-Request-Id": {
    description: "The request's id (echoed when the client sent a valid one).",
    required: true,
    schema: { type: "string" },
  },
  "RateLimit-Limit": { description: "Requests allowed in the current window.", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window resets.", schema: { type: "integer" } },
  "Retry-After": { description: "Seconds to wait before trying again.", required: true, schema: { type: "integer" } },
  "Idempotent-Replayed": {
    description: "`true` when this is the stored answer to an earlier request with the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
  "Accept-Ranges": {
    description: "`bytes`: a `Range` request gets part of the file.",
    required: true,
    schema: { type: "string", enum: ["bytes"] },
  },
  "Content-Range": {
    description: "The bytes of this part and the file's size (`bytes <first>-<last>/<size>`); on 416 `bytes */<size>`.",
    required: true,
    schema: { type: "string", pattern: "^bytes (\\d+-\\d+|\\*)/\\d+$" },
  },
  "Content-Disposition": {
    description: "`attachment` with the file name (RFC 6266, ASCII `filename` and UTF-8 `filename*`).",
    required: true,
    schema: { type: "string", pattern: "^attachment;" },
  },
  "Content-Length": { description: "The bytes in this answer's body.", required: true, schema: { type: "integer" } },
};
const ref = (kind: "headers" | "parameters" | "responses" | "schemas", name: string) => ({ $ref: `#/components/${kind}/${name}` });
/** On every answer of the route wrapper. */
const COMMON_HEADERS = {
  "X-Request-Id": ref("headers", "X-Request-Id"),
  "RateLimit-Limit": ref("headers", "RateLimit-Limit"),
  "RateLimit-Remaining": ref("headers", "RateLimit-Remaining"),
  "RateLimit-Reset": ref("headers", "RateLimit-Reset"),
  Vary: ref("headers", "Vary"),
};

const PARAMETERS = {
  IfMatch: {
    name: "If-Match",
    in: "header",
    required: true,
    description: "The ETag you read. Missing: 428; stale: 412.",
    schema: { type: "string", pattern: '^(W/)?"v\\d+(\\.[\\w-]+)?"$' },
    example: '"v3"',
  },
  IfMatchOptional: {
    name: "If-Match",
    in: "header",
    required: false,
    description: "The ETag you read, to act only on that version: stale: 412. Without it the action applies to the current version.",
    schema: { type: "string", pattern: '^(W/)?"v\\d+(\\.[\\w-]+)?"$' },
    example: '"v3"',
  },
  IfNoneMatch: {
    name: "If-None-Match",
    in: "header",
    required: false,
    description: "The ETag you have: 304 when it is still current.",
    schema: { type: "string" },
  },
  Range: {
    name: "Range",
    in: "header",
    required: false,
    description: "One byte range (`bytes=<first>-[<last>]` or `bytes=-<suffix>`): 206 with that part; starting past the end: 416.",
    schema: { type: "string", pattern: "^bytes=" },
    example: "bytes=1048576-",
  },
  IfRange: {
    name: "If-Range",
    in: "header",
    required: false,
    description: "The ETag you resume from: when it is no longer current, the whole file is sent (200) instead of the range.",
    schema: { type: "string" },
  },
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description: "Repeat a create safely: the same key and body answer the first result (24 hours).",
    schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
  },
};

/** The errors the wrapper itself can answer, by status: used where an operation's flags say they occur. */
const ERRORS: Record<string, { description: string; headers?: JsonObject }> = {
  "400": {
    description:
      "Malformed or invalid: unknown or repeated parameters, invalid fields (`errors` names each), malformed JSON, NUL characters.",
  },
  "401": { description: "Not signed in, or the bearer token is invalid, expired or revoked." },
  "403": {
    description:
      "Not allowed: missing permission (`forbidden`), a token without the needed scope (`insufficient_scope`), or a cookie request from another site (`cross_origin`).",
  },
  "404": { description: "No such resource, or not visible to you." },
  "409": { description: "Conflict with the current state (e.g. an Idempotency-Key request still running)." },
  "412": { description: "If-Match names an older version: read again and retry." },
  "413": { description: "The body is too large." },
  "415": { description: "The body has an unsupported content type." },
  "422": { description: "A rule of the domain is broken (e.g. an Idempotency-Key reused for another request)." },
  "428": { description: "If-Match is required for this change." },
  "429": { description: "Rate limited.", headers: { "Retry-After": ref("headers", "Retry-After") } },
  "503": { description: "The database is not reachable right now.", headers: { "Retry-After": ref("headers", "Retry-After") } },
};

const REVIEWED_CONTENT_CONFLICT =
  "The project is in review (`in_review`): its reviewed content is locked until the platform team decides (DESIGN §8.2).";

/** Named schemas (`.meta({ id })`) found while converting, moved to components.schemas. */
class SchemaCollector {
  readonly components: Record<string, JsonObject> = {};

  convert(schema: z.ZodType, io: "input" | "output"): JsonObject {
    const {
      $schema: _ignored,
      $defs,
      ...rest
    } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonObject & { $defs?: Record<string, JsonObject> };
    for (const [name, definition] of Object.entries($defs ?? {})) this.components[name] ??= this.rewrite(definition) as JsonObject;
    return this.rewrite(rest) as JsonObject;
  }

  private rewrite(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.rewrite(item));
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        key === "$ref" && typeof item === "string" ? item.replace("#/$defs/", "#/components/schemas/") : this.rewrite(item),
      ]),
    );
  }
}

function parameters(operation: Operation, schemas: SchemaCollector) {
  const list: unknown[] = [];
  for (const [location, schema] of [
    ["path", operation.params],
    ["query", operation.query],
  ] as const) {
    if (!schema) continue;
    const object = schemas.convert(schema, "input") as { properties?: Record<string, JsonObject>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { description, ...rest } = property;
      list.push({
        name,
        in: location,
        required: location === "path" || (object.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  const write = operation.method !== "GET";
  if (operation.versioned && write) list.push(ref("parameters", "IfMatch"));
  if (!write && !operation.bare) list.push(ref("parameters", "IfNoneMatch"));
  if (operation.ranges) list.push(ref("parameters", "Range"), ref("parameters", "IfRange"));
  if (operation.ifMatch === "optional") list.push(ref("parameters", "IfMatchOptional"));
  if (operation.idempotent) list.push(ref("parameters", "IdempotencyKey"));
  return list;
}

/** Which error statuses the wrapper can answer for this operation, from its flags. */
function errorStatuses(operation: Operation): string[] {
  const write = operation.method !== "GET";
  // Every operation identifies a caller who sends a bearer token: a bad token is 401, a token
  // without the operation's scope 403, even where anonymous callers are welcome.
  const statuses = new Set<string>(["401", "403", "429", "503"]);
  if (
    operation.params ||
    operation.query ||
    operation.body ||
    operation.fileBody ||
    operation.streamBody ||
    operation.versioned ||
    operation.idempotent
  )
    statuses.add("400");
  if (operation.params) statuses.add("404");
  if (operation.idempotent) statuses.add("409").add("422");
  if (operation.reviewedContent) statuses.add("409");
  if (operation.versioned && write) statuses.add("412").add("428");
  if (operation.ifMatch === "optional") statuses.add("400").add("412");
  if (operation.body || operation.fileBody || operation.streamBody) statuses.add("413").add("415");
  return [...statuses];
}

/** What an error the wrapper or a shared rule answers means for this operation. */
function errorDescription(operation: Operation, status: string): string {
  if (status === "409" && operation.reviewedContent) return REVIEWED_CONTENT_CONFLICT;
  if ((status !== "401" && status !== "403") || operation.auth === "required") return ERRORS[status]?.description ?? "Error";
  // Anonymous callers are welcome: 401 only names a bad token, never a missing sign-in.
  if (status === "401") return "Only for a bearer token that is invalid, expired or revoked: anonymous callers (no token) are welcome.";
  return operation.auth === "optional"
    ? ERRORS["403"].description
    : "Only for a token without the needed scope (`insufficient_scope`) or a cookie request from another site (`cross_origin`).";
}

/**
 * The headers of one answer: those of every answer, the ones the operation's flags imply, and
 * the ones its declaration lists. GET answers are cacheable (ETag, 304; see docs/api.md).
 */
function responseHeaders(operation: Operation, status: number, declared: readonly ResponseHeader[] = []) {
  if (operation.bare)
    return { "Cache-Control": ref("headers", "Cache-Control"), ETag: ref("headers", "ETag"), Vary: ref("headers", "Vary") };
  const success = status < 300;
  const read = operation.method === "GET";
  const sendsEtag = declared.includes("ETag") || (operation.versioned && success && status !== 204);
  const headers: JsonObject = {
    ...COMMON_HEADERS,
    "Cache-Control": ref("headers", "Cache-Control"),
  };
  if (sendsEtag || status === 304 || (read && success)) headers.ETag = ref("headers", "ETag");
  for (const name of declared) if (name !== "ETag") headers[name] = ref("headers", name);
  if (operation.idempotent && success) headers["Idempotent-Replayed"] = ref("headers", "Idempotent-Replayed");
  return headers;
}

function responses(operation: Operation, schemas: SchemaCollector) {
  const result: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    const code = Number(status);
    if (code >= 400) continue;
    result[status] = {
      description: response.description,
      headers: responseHeaders(operation, code, response.headers),
      ...(response.schema ? { content: { "application/json": { schema: schemas.convert(response.schema, "output") } } } : {}),
      ...(response.binary
        ? {
            content: Object.fromEntries(
              [response.binary].flat().map((type) => [type, { schema: { type: "string", contentMediaType: type } }]),
            ),
          }
        : {}),
    };
  }
  if (operation.bare) return result;
  if (operation.method === "GET")
    result["304"] ??= {
      description: "Not modified: your If-None-Match names the current answer.",
      headers: responseHeaders(operation, 304),
    };
  const declared = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
  const statuses = new Set([...errorStatuses(operation), ...declared.map(([status]) => status)]);
  for (const status of [...statuses].sort()) {
    const own = operation.responses[Number(status)];
    result[status] = {
      description: own?.description ?? errorDescription(operation, status),
      headers: { ...responseHeaders(operation, Number(status), own?.headers), ...(ERRORS[status]?.headers ?? {}) },
      content: { "application/problem+json": { schema: ref("schemas", "Problem") } },
    };
  }
  return result;
}

/** A description for every operation: its own words, then what its flags mean for a client. */
function describeAccess(operation: Operation): string {
  const scope = operation.scope ?? (operation.method === "GET" ? "read" : "write");
  const notes = [
    operation.auth === "none"
      ? "No sign-in needed."
      : operation.auth === "optional"
        ? `Anonymous callers are welcome; signed-in callers may see more (token scope \`${scope}\`).`
        : `Needs a signed-in caller (token scope \`${scope}\`).`,
    operation.versioned
      ? operation.method === "GET"
        ? "Answers with an `ETag`; `If-None-Match` gives 304."
        : "Needs `If-Match` with the ETag you read."
      : "",
    operation.idempotent ? "Accepts `Idempotency-Key`." : "",
    operation.rateLimit
      ? `Limited to ${operation.rateLimit.limit} requests per ${operation.rateLimit.windowSeconds / 60} minutes per client address (an IPv6 /64 counts as one address).`
      : "",
  ].filter(Boolean);
  return [operation.description ?? operation.summary, notes.join(" ")].join("\n\n");
}

function operationObject(operation: Operation, schemas: SchemaCollector) {
  const secured = [{ bearer: [] }, { session: [] }];
  return {
    operationId:
      operation.operationId ??
      OPERATION_NAMES.get(operation) ??
      `${operation.method.toLowerCase()}${operation.path.replace(/\W+(\w)/g, (_match, letter: string) => letter.toUpperCase())}`,
    summary: operation.summary,
    description: describeAccess(operation),
    tags: [operation.tag],
    security: operation.auth === "required" ? secured : operation.auth === "optional" ? [...secured, {}] : [],
    parameters: parameters(operation, schemas),
    ...(operation.body
      ? {
          requestBody: {
            required: !operation.bodyOptional,
            content: { "application/json": { schema: schemas.convert(operation.body, "input") } },
          },
        }
      : {}),
    ...(operation.fileBody || operation.streamBody
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              (operation.fileBody ?? operation.streamBody)!.contentTypes.map((type) => [
                type,
                { schema: { type: "string", contentMediaType: type } },
              ]),
            ),
          },
        }
      : {}),
    responses: responses(operation, schemas),
  };
}

/** Where the API is served: the configured public address (PUBLIC_URL), else the local default. */
function serverUrl(): string {
  return (process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");
}

export function buildOpenApiDocument(operations: Operation[] = OPERATIONS) {
  const schemas = new SchemaCollector();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path][operation.method.toLowerCase()] = operationObject(operation, schemas);
  }
  const usedTags = new Set(operations.map((operation) => operation.tag));
  const webhooks = webhookEvents(schemas);
  return {
    openapi: "3.1.0",
    info: {
      title: "Project and User Management API",
      version: "1.0.0",
      description:
        "REST API of the platform's project and user management. Errors are RFC 9457 problem+json. Lists are cursor-paginated (`?limit=&cursor=`, answered as `{data, nextCursor}`). " +
        `Personal access token scopes: ${Object.entries(TOKEN_SCOPES)
          .map(([scope, text]) => `\`${scope}\` (${text})`)
          .join(", ")}.`,
      contact: { name: "Platform team", url: `${serverUrl()}/api-docs` },
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: serverUrl(), description: "This installation" }],
    tags: Object.entries(TAGS)
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "Personal access token: `pmt_...`" },
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "Portal session (same-origin requests only; `__Host-pums.session` in production)",
        },
      },
      headers: HEADERS,
      parameters: PARAMETERS,
      schemas: { Problem: PROBLEM_SCHEMA, ...schemas.components },
    },
    paths,
    webhooks,
  };
}

/**
 * The `webhooks` section: every event type a webhook may receive, with the body of its delivery
 * and the Standard Webhooks headers (lib/webhooks/send.ts).
 */
function webhookEvents(schemas: SchemaCollector) {
  const described: Record<string, string> = { ...EVENT_TYPES, [PING_EVENT_TYPE]: "A test delivery (POST .../webhooks/{webhookId}/ping)" };
  const header = (description: string) => ({ required: true, schema: { type: "string" }, description });
  return Object.fromEntries(
    Object.entries(described).map(([type, summary]) => [
      type,
      {
        post: {
          operationId: `event_${type.replace(/\W+(\w)/g, (_match, letter: string) => letter.toUpperCase())}`,
          summary,
          description: `Delivered to webhooks subscribed to \`${type}\` or \`*\`. Verify \`webhook-signature\` before trusting the body (docs/webhooks.md).`,
          tags: ["Webhooks"],
          // The receiver authenticates a delivery by its signature, not by a credential of ours.
          security: [],
          parameters: [
            { name: "webhook-id", in: "header", ...header("The event id: the same on every attempt.") },
            { name: "webhook-timestamp", in: "header", ...header("Unix seconds of this attempt.") },
            {
              name: "webhook-signature",
              in: "header",
              ...header("`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the webhook's secret."),
            },
          ],
          requestBody: { required: true, content: { "application/json": { schema: schemas.convert(eventPayloadSchema(type), "output") } } },
          responses: { "200": { description: "Any 2xx within 10 s counts as received; anything else is retried." } },
        },
      },
    ]),
  );
}
