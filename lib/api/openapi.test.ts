import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
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

describe("the rules the server enforces, as the document states them", () => {
  const document = buildOpenApiDocument();
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema({ $id: "openapi", components: { schemas: document.components.schemas } });
  const bodyOf = (path: string, method: string) => {
    const operation = (document.paths as Record<string, Record<string, { requestBody: { content: Record<string, { schema: object }> } }>>)[
      path
    ][method];
    const schema = JSON.parse(JSON.stringify(operation.requestBody.content["application/json"].schema).replaceAll('"#/', '"openapi#/'));
    return ajv.compile(schema);
  };

  it.each([
    ["/api/v1/projects/{id}/members", "post", { userId: "u1", roleId: "r1" }, true],
    ["/api/v1/projects/{id}/members", "post", { username: "max", roleId: "r1" }, true],
    ["/api/v1/projects/{id}/members", "post", { userId: "u1", username: "max", roleId: "r1" }, false],
    ["/api/v1/projects/{id}/members", "post", { roleId: "r1" }, false],
    ["/api/v1/projects/{id}/applications/{applicationId}/decision", "post", { decision: "ACCEPT", roleId: "r1" }, true],
    ["/api/v1/projects/{id}/applications/{applicationId}/decision", "post", { decision: "REJECT", reason: "Full" }, true],
    ["/api/v1/projects/{id}/applications/{applicationId}/decision", "post", { decision: "REJECT", roleId: "r1" }, false],
    ["/api/v1/projects/{id}/releases", "post", { version: "2.0.0-beta.1", title: "Beta" }, true],
    ["/api/v1/projects/{id}/releases", "post", { version: "v1.0", title: "Beta" }, false],
    ["/api/v1/projects/{id}/releases", "post", { version: "01.2.3", title: "Beta" }, false],
    ["/api/v1/projects/{id}", "patch", { websiteUrl: "https://skyforge.example.org/x" }, true],
    ["/api/v1/projects/{id}", "patch", { websiteUrl: "https://" }, false],
  ] as const)("%s %s %j: valid %s", (path, method, body, valid) => {
    expect(bodyOf(path, method)(body)).toBe(valid);
  });

  it("declares 401 on operations that welcome anonymous callers only for a bad token", () => {
    const listProjects = document.paths["/api/v1/projects"].get as { responses: Record<string, { description: string }> };
    expect(listProjects.responses["401"].description).toMatch(/^Only for a bearer token that is invalid/);
  });
});
