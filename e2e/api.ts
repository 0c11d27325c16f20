import type { APIRequestContext } from "@playwright/test";
import { E2E_ADMIN } from "../playwright.config";
import { expect } from "./fixtures";
import { uniqueUsername } from "./header";
import { DEMO_PASSWORD } from "./portal-table";

/** The headers of API calls as a demo user: a bearer token with the read and write scopes. */
export async function apiHeaders(request: APIRequestContext, login: string): Promise<Record<string, string>> {
  return bearerHeaders(request, { login, password: DEMO_PASSWORD, scopes: ["read", "write"] });
}

/** The headers of API calls as the platform admin of the e2e run (E2E_ADMIN): read, write and admin scopes. */
export async function adminApiHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return bearerHeaders(request, { login: E2E_ADMIN.login, password: E2E_ADMIN.password, scopes: ["read", "write", "admin"] });
}

async function bearerHeaders(request: APIRequestContext, data: { login: string; password: string; scopes: string[] }) {
  const response = await request.post("/api/v1/auth/token", { data });
  expect(response.status()).toBe(201);
  return { Authorization: `Bearer ${(await response.json()).token}` };
}

/**
 * A new Minecraft project of the demo user `login`'s, submitted for review: the project as the API
 * answered its creation, and the `headers` it was made with (apiHeaders). Without modules unless
 * `project.modules` names some, with the API's default visibility unless `project.visibility` names
 * one; `prepare` writes what the project holds (pages, releases, files) with those headers, or opens
 * what must be open, before it is submitted.
 */
export async function projectInReview(
  request: APIRequestContext,
  login: string,
  project: { name: string; description: string; logoUrl: string; modules?: string[]; visibility?: string },
  prepare?: (project: { id: string; slug: string }, headers: Record<string, string>) => Promise<void>,
): Promise<{ project: { id: string; slug: string }; headers: Record<string, string> }> {
  const headers = await apiHeaders(request, login);
  const created = await request.post("/api/v1/projects", {
    headers,
    data: { modules: [], ...project, game: "Minecraft", category: "Survival" },
  });
  expect(created.status()).toBe(201);
  const body = await created.json();
  await prepare?.(body, headers);
  expect((await request.post(`/api/v1/projects/${body.id}/status`, { headers, data: { status: "IN_REVIEW" } })).status()).toBe(200);
  return { project: body, headers };
}

/** A new account of a test's own, registered through the API (display name `E2E <prefix>`). */
export async function registerAccount(request: APIRequestContext, prefix: string, password: string) {
  const username = uniqueUsername(prefix);
  const email = `${username}@example.test`;
  const response = await request.post("/api/v1/auth/register", { data: { username, email, password, displayName: `E2E ${prefix}` } });
  expect(response.status()).toBe(201);
  return { id: (await response.json()).id as string, username, email };
}

/** A new project of the caller's (`headers`), a draft: the project as the API answered its creation. */
export async function newProject(
  request: APIRequestContext,
  headers: Record<string, string>,
  project: { name: string; modules?: string[] },
): Promise<{ id: string; slug: string; name: string }> {
  const created = await request.post("/api/v1/projects", { headers, data: project });
  expect(created.status()).toBe(201);
  return created.json();
}
