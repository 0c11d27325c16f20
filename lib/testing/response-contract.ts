import { appendFileSync } from "node:fs";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { buildOpenApiDocument } from "../api/openapi";
import type { Operation } from "../http/operation";

/**
 * Every answer the API tests receive is held to the OpenAPI document (issue 29): its status must be
 * declared, the headers declared as required must be there, the headers clients and caches act on
 * must not appear undeclared, and a body must have a declared media type and match its schema.
 * `call()` (./http.ts) and `inProcessFetch()` (./in-process.ts) check each answer of an operation
 * the document lists; a mismatch fails the test that received it.
 */

type JsonObject = Record<string, unknown>;
interface HeaderObject {
  required?: boolean;
  schema?: { type?: string; enum?: string[]; pattern?: string };
}
interface ResponseObject {
  headers?: Record<string, HeaderObject | { $ref: string }>;
  content?: Record<string, { schema?: JsonObject }>;
}

/** Headers that caches, clients and generators act on: sent only where the document declares them. */
const TRACKED = [
  "etag",
  "location",
  "cache-control",
  "vary",
  "allow",
  "retry-after",
  "accept-ranges",
  "content-range",
  "content-disposition",
  "content-length",
  "idempotent-replayed",
  "x-request-id",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
];

let document: ReturnType<typeof buildOpenApiDocument> | undefined;
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function theDocument() {
  if (!document) {
    document = buildOpenApiDocument();
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    // The components once, under their own id: every body schema refers to them there.
    ajv.addSchema({ $id: "openapi", components: { schemas: document.components.schemas } });
  }
  return document;
}

function resolve<T>(value: T | { $ref: string }): T {
  if (value && typeof value === "object" && "$ref" in value) {
    const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(value.$ref) ?? [];
    return (theDocument().components as unknown as Record<string, Record<string, T>>)[kind][name];
  }
  return value as T;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === "$ref" && typeof item === "string" ? `openapi${item}` : rewriteRefs(item)]),
  );
}

function validatorFor(key: string, schema: JsonObject): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv!.compile(rewriteRefs(schema) as JsonObject);
    validators.set(key, validate);
  }
  return validate;
}

function headerValueMismatch(name: string, value: string, header: HeaderObject): string | null {
  const schema = header.schema ?? {};
  if (schema.type === "integer" && !/^\d+$/.test(value)) return `header ${name}: "${value}" is not an integer`;
  if (schema.enum && !schema.enum.includes(value)) return `header ${name}: "${value}" is not one of ${schema.enum.join(", ")}`;
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) return `header ${name}: "${value}" does not match ${schema.pattern}`;
  return null;
}

/** What differs between an answer and the operation's declaration in the document (empty: nothing). */
export function responseMismatches(operation: Operation, method: string, response: Response, text: string): string[] {
  const declaredOperation = (
    theDocument().paths[operation.path] as Record<string, { responses: Record<string, ResponseObject> }> | undefined
  )?.[operation.method.toLowerCase()];
  // Operations of tests (lib/http/route.test.ts) are not part of the API.
  if (!declaredOperation || (method !== operation.method && !(method === "HEAD" && operation.method === "GET"))) return [];
  const status = String(response.status);
  const declared = declaredOperation.responses[status];
  if (!declared) return [`status ${status} is not declared (declared: ${Object.keys(declaredOperation.responses).join(", ")})`];

  const problems: string[] = [];
  const headers = Object.fromEntries(
    Object.entries(declared.headers ?? {}).map(([name, header]) => [name.toLowerCase(), resolve<HeaderObject>(header)]),
  );
  for (const [name, header] of Object.entries(headers)) {
    const value = response.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`required header ${name} is missing`);
    } else {
      const mismatch = headerValueMismatch(name, value, header);
      if (mismatch) problems.push(mismatch);
    }
  }
  for (const name of TRACKED)
    if (response.headers.has(name) && !(name in headers)) problems.push(`header ${name} is sent but not declared`);

  const contentType = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const content = declared.content ?? {};
  if (method === "HEAD" || response.status === 304) {
    if (text) problems.push(`a ${method === "HEAD" ? "HEAD" : "304"} answer has a body`);
    return problems;
  }
  if (!text && !contentType) {
    if (Object.keys(content).length) problems.push(`no body, but ${Object.keys(content).join(", ")} is declared`);
    return problems;
  }
  const media = content[contentType];
  if (!media) {
    problems.push(`Content-Type ${contentType || "(none)"} is not declared (declared: ${Object.keys(content).join(", ") || "no body"})`);
    return problems;
  }
  if (/json$/.test(contentType) && media.schema) {
    const validate = validatorFor(`${operation.method} ${operation.path} ${status} ${contentType}`, media.schema);
    if (!validate(JSON.parse(text))) {
      for (const error of validate.errors ?? [])
        problems.push(`body${error.instancePath}: ${error.message} ${JSON.stringify(error.params)}`);
    }
  }
  return problems;
}

/**
 * Checks one answer and fails when it contradicts the document. With RESPONSE_CONTRACT_REPORT=<file>
 * the mismatches are appended to that file instead (to survey a whole run at once).
 */
export function checkResponse(operation: Operation | undefined, method: string, response: Response, text: string): void {
  if (!operation) return;
  const problems = responseMismatches(operation, method, response, text);
  if (!problems.length) return;
  const message = `${method} ${operation.path} answered ${response.status}, which the OpenAPI document does not declare so:\n  ${problems.join("\n  ")}`;
  const report = process.env.RESPONSE_CONTRACT_REPORT;
  if (report) appendFileSync(report, problems.map((problem) => `${method} ${operation.path} ${response.status}: ${problem}\n`).join(""));
  else throw new Error(message);
}
