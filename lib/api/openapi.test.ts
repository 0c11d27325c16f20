import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";

const API_ROOT = path.join(import.meta.dirname, "../../app/api");
// next-auth's own endpoints (portal sign-in/out) are not part of the REST API; the catch-all
// answers 404 for paths that name no endpoint.
const NOT_REST = ["/api/auth/{nextauth}", "/api/v1/{path}"];

async function routeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? routeFiles(path.join(dir, entry.name))
        : Promise.resolve(entry.name === "route.ts" ? [path.join(dir, entry.name)] : []),
    ),
  );
  return nested.flat();
}

/** Every exported HTTP method of every route handler, as "METHOD /openapi/{path}". */
async function implementedOperations() {
  const found: string[] = [];
  for (const file of await routeFiles(API_ROOT)) {
    const route = `/api/${path.relative(API_ROOT, path.dirname(file)).split(path.sep).join("/")}`;
    const openApiPath = route.replace(/\[\.\.\.(\w+)\]/g, "{$1}").replace(/\[(\w+)\]/g, "{$1}");
    if (NOT_REST.includes(openApiPath)) continue;
    const source = await readFile(file, "utf8");
    for (const match of source.matchAll(/export (?:const|function|async function) (GET|POST|PUT|PATCH|DELETE)\b/g))
      found.push(`${match[1]} ${openApiPath}`);
  }
  return found.sort();
}

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument();
  const documented = Object.entries(document.paths)
    .flatMap(([route, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`))
    .sort();

  it("describes every route handler, and nothing that does not exist", async () => {
    expect(documented).toEqual(await implementedOperations());
  });

  it("is OpenAPI 3.1 with request and response schemas from zod", () => {
    expect(document.openapi).toBe("3.1.0");
    const register = document.paths["/api/v1/auth/register"].post as {
      requestBody: { content: Record<string, { schema: { properties: object; additionalProperties: boolean } }> };
    };
    const schema = register.requestBody.content["application/json"].schema;
    expect(Object.keys(schema.properties)).toEqual(["username", "email", "password", "displayName", "language"]);
    expect(schema.additionalProperties).toBe(false);
  });
});

it("names a reference section for every operation", () => {
  const tags = new Set(
    Object.values(buildOpenApiDocument().paths).flatMap((methods) =>
      Object.values(methods).map((operation) => (operation as { tags: string[] }).tags[0]),
    ),
  );
  expect([...tags]).toEqual([
    "System",
    "Authentication",
    "Users",
    "Data rights",
    "Account security",
    "Tokens",
    "Notifications",
    "Projects",
    "Team",
    "Applications",
    "Releases",
    "Downloads",
    "Launcher",
    "Pages",
    "Messages",
    "Review",
    "Webhooks",
    "Administration",
  ]);
});
