import path from "node:path";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";

// The fuzzer is one caller sending thousands of requests a minute: the per-caller budget would
// answer most of them 429 before they reach a service.
vi.hoisted(() => {
  process.env.API_RATE_LIMIT_PER_MINUTE = "10000000";
});

const { buildOpenApiDocument } = await import("./openapi");
const { createPartner, createProjectFor, createUser, tokenFor } = await import("../testing/factories");
const { fuzzOperations, requestArbitrary } = await import("../testing/fuzz");

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = process.env.FUZZ_SEED === "random" ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_261_122);
const APP_ROOT = path.join(import.meta.dirname, "../../app");
const LEAKS = /\bat [\w.<>]+ \(|\.tsx?:\d+|prisma|SELECT |INSERT |relation "|syntax error|stack/i;

type RouteModule = Record<string, (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>>;
const modules = new Map<string, Promise<RouteModule>>();

function routeModule(openApiPath: string): Promise<RouteModule> {
  const file = path.join(APP_ROOT, openApiPath.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
  if (!modules.has(file)) modules.set(file, import(/* @vite-ignore */ file) as Promise<RouteModule>);
  return modules.get(file)!;
}

/**
 * Requests generated from the OpenAPI document, as an anonymous caller, a partner and a Project
 * lead: no answer is 500 or above, none shows a stack trace or SQL, and JSON nested too deep is
 * never read. CI runs 2,000 with a fixed seed; `npm run fuzz` runs 10,000 with a random one
 * (fast-check prints the seed of a failure).
 */
describe("fuzzing every operation", () => {
  it(`answers ${RUNS} generated requests without a 5xx (seed ${SEED})`, { timeout: 15 * 60_000 }, async () => {
    const partner = await createPartner();
    const project = await createProjectFor(partner, { modules: ["LAUNCHER", "APPLICATIONS"] });
    const stranger = await createPartner();
    const published = await createProjectFor(stranger, { status: "PUBLISHED" });
    const lead = await createUser({ roles: ["PROJECT_LEAD"] });
    const tokens = [null, await tokenFor(partner.id), await tokenFor(lead.id)];
    const knownIds = [project.id, published.id, partner.id, stranger.id, lead.id, project.roles[1].id, "me", "logo", "banner"];
    const operations = fuzzOperations(buildOpenApiDocument() as never);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);

    await fc.assert(
      fc.asyncProperty(requestArbitrary(operations, tokens.length, knownIds), async (request) => {
        const handler = (await routeModule(request.operation.path))[request.operation.method];
        // A URL carries bytes: what arrives decoded is well-formed text (lone surrogates cannot).
        const params = Object.fromEntries(Object.entries(request.params).map(([name, value]) => [name, value.toWellFormed()]));
        const url = new URL(
          request.operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(params[name] ?? "")),
          "http://127.0.0.1:3000",
        );
        for (const [key, value] of request.search) url.searchParams.append(key.toWellFormed(), value.toWellFormed());
        const headers: Record<string, string> = { "x-forwarded-for": "10.250.0.1", ...request.headers };
        const token = tokens[request.caller];
        if (token) headers.authorization = `Bearer ${token}`;
        if (request.body !== undefined)
          headers["content-type"] = request.operation.fileBody ? request.operation.fileBody[0] : "application/json";
        const response = await handler(
          new Request(url, { method: request.operation.method, headers, body: request.body as BodyInit | undefined }),
          {
            params: Promise.resolve(params),
          },
        );
        const text = await response.text();
        const label = `${request.operation.method} ${url.pathname}${url.search} -> ${text.slice(0, 300)}`;
        expect(response.status, label).toBeLessThan(500);
        expect(text).not.toMatch(LEAKS);
        // Too deep to read: refused before the body (401, 403, 404, 429) or at it (400 too_deep).
        if (request.deepBody)
          expect(response.status === 400 ? JSON.parse(text).code : response.status, label).toBeOneOf(["too_deep", 401, 403, 404, 429]);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: RUNS > 2_000 },
    );
    errors.mockRestore();
    warnings.mockRestore();
  });
});
