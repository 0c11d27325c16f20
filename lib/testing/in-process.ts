import path from "node:path";
import { OPERATIONS } from "../api/registry";
import { checkResponse } from "./response-contract";

// As route handlers take them (lib/http/route.ts): a catch-all segment is an array.
type RouteModule = Record<string, (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>>;

const APP_ROOT = path.join(import.meta.dirname, "../../app");
const modules = new Map<string, Promise<RouteModule>>();

/** The route module that serves an OpenAPI path (`/api/v1/projects/{id}` -> app/api/v1/projects/[id]/route.ts). */
export function routeModule(openApiPath: string): Promise<RouteModule> {
  const file = path.join(APP_ROOT, openApiPath.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
  if (!modules.has(file)) modules.set(file, import(/* @vite-ignore */ file) as Promise<RouteModule>);
  return modules.get(file)!;
}

const ROUTES = OPERATIONS.map((operation) => ({
  operation,
  pattern: new RegExp(`^${operation.path.replace(/[.]/g, "\\.").replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`),
}));

/**
 * A `fetch` that hands the request to our route handlers in this process, the way Next.js would:
 * for clients (generated ones included) driven from tests without a server. Each answer is checked
 * against the OpenAPI document (./response-contract.ts).
 */
export async function inProcessFetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set("x-forwarded-for", headers.get("x-forwarded-for") ?? "10.44.0.1");
  const forwarded = new Request(request, { headers });
  for (const { operation, pattern } of ROUTES) {
    const match = pattern.exec(url.pathname);
    if (!match || operation.method !== request.method) continue;
    const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]));
    const response = await (await routeModule(operation.path))[operation.method](forwarded, { params: Promise.resolve(params) });
    checkResponse(operation, request.method, response, await response.clone().text());
    return response;
  }
  return new Response(JSON.stringify({ status: 404, code: "not_found" }), {
    status: 404,
    headers: { "content-type": "application/problem+json" },
  });
}
