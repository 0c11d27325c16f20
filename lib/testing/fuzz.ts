import fc from "fast-check";
import { MAX_JSON_DEPTH } from "../http/client-input";

/**
 * Requests generated from the OpenAPI document: mostly well-formed (so they reach the services,
 * where a 500 would hide) with a share of hostile values: wrong types, huge and unicode strings,
 * NUL bytes, nested junk, `__proto__` keys, unknown and repeated parameters, broken JSON, and
 * valid JSON nested far deeper than the route wrapper accepts.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
};

export interface FuzzOperation {
  method: string;
  path: string;
  parameters: { name: string; in: "path" | "query" | "header"; schema: JsonSchema }[];
  jsonBody: JsonSchema | null;
  fileBody: string[] | null;
}

export interface FuzzRequest {
  operation: FuzzOperation;
  caller: number;
  params: Record<string, string>;
  search: [string, string][];
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  /**
   * The body is valid JSON nested deeper than MAX_JSON_DEPTH, and the rest of the request is clean
   * (known ids, no query, no extra headers): the only 400 it can get is `too_deep`.
   */
  deepBody: boolean;
}

export const hostileString = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "%00",
    "../../etc/passwd",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "__proto__",
    "constructor",
    "\uFFFF\uD800",
    "🦄".repeat(300),
    " ",
    "",
  ),
  fc.constant("x".repeat(70_000)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, 2 ** 31, -1, 0, Number.MAX_SAFE_INTEGER, 1e308),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.constant({ __proto__: { isAdmin: true } }),
);

/**
 * Valid JSON nested deeper than the route wrapper accepts, up to 5,000 levels (where a recursive
 * walk once overflowed the stack): bare arrays, bare objects, or a deep value under a field.
 */
const deepJson = fc
  .tuple(fc.integer({ min: MAX_JSON_DEPTH + 1, max: 5_000 }), fc.constantFrom("arrays", "objects", "field"))
  .map(([depth, shape]) => {
    const arrays = "[".repeat(depth) + "]".repeat(depth);
    if (shape === "arrays") return arrays;
    if (shape === "objects") return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    return `{"name":${arrays}}`;
  });

/** A value that usually fits the schema, sometimes not at all. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: fitting(schema ?? {}, depth) }, { weight: 1, arbitrary: hostileValue });
}

function fitting(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => fitting(variant, depth)));
  const type = Array.isArray(schema.type) ? (schema.type.find((candidate) => candidate !== "null") ?? "null") : schema.type;
  switch (type) {
    case "string":
      if (schema.format === "date-time")
        return fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((date) => date.toISOString());
      if (schema.format === "date")
        return fc
          .date({ min: new Date("1900-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10));
      if (schema.format === "email") return fc.emailAddress();
      if (schema.format === "uri") return fc.webUrl();
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) });
    case "integer":
      return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 200, 2 ** 31 - 1) });
    case "number":
      return fc.double({ min: schema.minimum ?? -5, max: schema.maximum ?? 200, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return depth > 3 ? fc.constant([]) : fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 });
    case "object": {
      if (depth > 3) return fc.constant({});
      const properties = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of properties) record[name] = valueFor(property, depth + 1);
      const optional = properties.map(([name]) => name).filter((name) => !required.has(name));
      return fc.record(record, { requiredKeys: [...required].filter((name) => name in record) }).chain((value) =>
        fc
          .option(fc.tuple(fc.constantFrom("unknownField", "__proto__", "constructor", ...optional.slice(0, 1)), hostileValue), {
            freq: 5,
          })
          .map((extra) => (extra ? { ...value, [extra[0]]: extra[1] } : value)),
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function toText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

/** Turns the OpenAPI document's operations into what the generator needs. */
export function fuzzOperations(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): FuzzOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content ?? {};
      return {
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters as FuzzOperation["parameters"]) ?? [],
        jsonBody: content["application/json"]?.schema ?? null,
        fileBody: content["application/json"] ? null : Object.keys(content).length ? Object.keys(content) : null,
      };
    }),
  );
}

/** One request: an operation, a caller (index into the caller list), parameters, headers and body. */
export function requestArbitrary(operations: FuzzOperation[], callers: number, knownIds: string[]): fc.Arbitrary<FuzzRequest> {
  const idValue = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...knownIds) },
    { weight: 1, arbitrary: hostileString.map((value) => value.slice(0, 300)) },
  );
  return fc.constantFrom(...operations).chain((operation) => {
    const pathParams = operation.parameters.filter((parameter) => parameter.in === "path");
    const queryParams = operation.parameters.filter((parameter) => parameter.in === "query");
    const params = fc.record(
      Object.fromEntries(
        pathParams.map((parameter) => [
          parameter.name,
          parameter.schema.enum ? fc.oneof(fc.constantFrom(...(parameter.schema.enum as string[])), idValue) : idValue,
        ]),
      ),
    );
    const query = fc
      .tuple(
        fc
          .subarray(queryParams)
          .chain((chosen) =>
            fc.tuple(
              ...chosen.map((parameter) => valueFor(parameter.schema).map((value) => [parameter.name, toText(value)] as [string, string])),
            ),
          ),
        fc.option(fc.tuple(fc.constantFrom("unknown", "limit", "cursor", "__proto__"), hostileString), { freq: 4 }),
      )
      .map(([pairs, extra]) => (extra ? [...pairs, extra] : pairs));
    // What a header can carry at all: visible Latin-1 (fetch refuses the rest before sending).
    const headerValue = hostileString.map((value) => value.slice(0, 500).replace(/[^\x20-\x7e\xa0-\xff]/g, "?"));
    const headers = fc.record(
      {
        "if-match": fc.oneof(fc.constantFrom('"v1"', '"v2"', '"v2147483648"', "*", ""), headerValue),
        "idempotency-key": headerValue,
        "if-none-match": fc.constantFrom('"v1"', "*"),
      },
      { requiredKeys: [] },
    );
    const body: fc.Arbitrary<string | Uint8Array | undefined> = operation.jsonBody
      ? fc.oneof(
          { weight: 6, arbitrary: valueFor(operation.jsonBody).map((value) => JSON.stringify(value) ?? "null") },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              "{",
              '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}',
              "[]",
              "null",
              '"text"',
              "{}".repeat(5000),
              '{"a":'.repeat(2000),
            ),
          },
        )
      : operation.fileBody
        ? fc.uint8Array({ maxLength: 2048 })
        : fc.constant(undefined);
    const caller = fc.integer({ min: 0, max: callers - 1 });
    const hostile: fc.Arbitrary<FuzzRequest> = fc.record({
      operation: fc.constant(operation),
      caller,
      params: params as fc.Arbitrary<Record<string, string>>,
      search: query,
      headers: headers as fc.Arbitrary<Record<string, string>>,
      body,
      deepBody: fc.constant(false),
    });
    if (!operation.jsonBody) return hostile;
    const knownParams = fc.record(
      Object.fromEntries(
        pathParams.map((parameter) => [parameter.name, fc.constantFrom(...((parameter.schema.enum as string[] | undefined) ?? knownIds))]),
      ),
    );
    const deep: fc.Arbitrary<FuzzRequest> = fc.record({
      operation: fc.constant(operation),
      caller,
      params: knownParams as fc.Arbitrary<Record<string, string>>,
      search: fc.constant([]),
      headers: fc.constant({}),
      body: deepJson,
      deepBody: fc.constant(true),
    });
    return fc.oneof({ weight: 8, arbitrary: hostile }, { weight: 1, arbitrary: deep });
  });
}
