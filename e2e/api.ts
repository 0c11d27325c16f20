import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";
import { DEMO_PASSWORD } from "./portal-table";

/** The headers of API calls as a demo user: a bearer token with the read and write scopes. */
export async function apiHeaders(request: APIRequestContext, login: string): Promise<Record<string, string>> {
  const response = await request.post("/api/v1/auth/token", { data: { login, password: DEMO_PASSWORD, scopes: ["read", "write"] } });
  expect(response.status()).toBe(201);
  return { Authorization: `Bearer ${(await response.json()).token}` };
}
