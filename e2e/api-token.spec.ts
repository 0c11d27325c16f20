import createClient from "openapi-fetch";
import type { paths } from "../lib/testing/typed-client/api";
import { partnerWorkflow } from "../lib/testing/typed-client/workflow";
import { E2E_ADMIN } from "../playwright.config";
import { expect, test } from "./fixtures";
import { expectSignedIn, signInPage } from "./header";

test("a token made in the portal calls the API until it is revoked", async ({ page, request }) => {
  await signInPage(page, E2E_ADMIN.login, E2E_ADMIN.password);
  await expectSignedIn(page);
  await page.goto("/account/tokens");

  const form = page.getByRole("form", { name: "New token" });
  await form.getByLabel("Token name").fill("Playwright");
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByText("Token created. Copy it now")).toBeVisible();
  const token = (await page.getByTestId("new-token").textContent())!.trim();
  expect(token).toMatch(/^pmt_/);
  // The copy button puts it on the clipboard and says so (a polite live region for screen readers).
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy the token" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const me = await request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ username: E2E_ADMIN.login, platformRoles: expect.arrayContaining(["PROJECT_LEAD"]) });

  await page.getByRole("listitem").filter({ hasText: "Playwright" }).getByRole("button", { name: "Revoke" }).click();
  // The confirmation says what happens; cancelling keeps the token.
  const dialog = page.getByRole("dialog", { name: "Revoke “Playwright”?" });
  await expect(dialog).toContainText("stop working at once");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("listitem").filter({ hasText: "Playwright" }).getByRole("button", { name: "Revoke" }).click();
  await dialog.getByRole("button", { name: "Revoke token" }).click();
  await expect(page.getByText("Token revoked.")).toBeVisible();
  // Its secret is worthless now and leaves the page.
  await expect(page.getByTestId("new-token")).toHaveCount(0);

  const after = await request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  expect(after.headers()["content-type"]).toContain("application/problem+json");
});

test("an external client gets a token with login and password", async ({ request }) => {
  const username = `api${Date.now().toString(36)}`;
  const registered = await request.post("/api/v1/auth/register", {
    data: { username, email: `${username}@example.test`, password: "api client passphrase", displayName: "API Client" },
  });
  expect(registered.status()).toBe(201);
  const issued = await request.post("/api/v1/auth/token", {
    data: { login: username, password: "api client passphrase", scopes: ["read"] },
  });
  expect(issued.status()).toBe(201);
  const { token } = await issued.json();
  const me = await request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${token}` } });
  expect((await me.json()).username).toBe(username);
  const write = await request.put("/api/v1/users/me", {
    headers: { Authorization: `Bearer ${token}`, "If-Match": me.headers().etag },
    data: { displayName: "x" },
  });
  expect(write.status()).toBe(403);
});

test("a client generated from the OpenAPI document runs a partner's workflow against the running server", async ({ request, baseURL }) => {
  // Two new accounts, and the admin makes the first a partner (over plain HTTP: the set-up, not the client under test).
  const stamp = Date.now().toString(36);
  const [partner, member] = [`typed${stamp}`, `typedm${stamp}`];
  for (const username of [partner, member]) {
    const registered = await request.post("/api/v1/auth/register", {
      data: { username, email: `${username}@example.test`, password: "typed client passphrase", displayName: username },
    });
    expect(registered.status()).toBe(201);
  }
  const tokenOf = async (login: string, password: string, scopes: string[]) => {
    const issued = await request.post("/api/v1/auth/token", { data: { login, password, scopes } });
    expect(issued.status()).toBe(201);
    return ((await issued.json()) as { token: string }).token;
  };
  const admin = { Authorization: `Bearer ${await tokenOf(E2E_ADMIN.login, E2E_ADMIN.password, ["read", "write", "admin"])}` };
  const found = await request.get(`/api/v1/users?q=${partner}`, { headers: admin });
  const user = ((await found.json()) as { data: { id: string; username: string }[] }).data.find((entry) => entry.username === partner)!;
  const current = await request.get(`/api/v1/users/${user.id}`, { headers: admin });
  const granted = await request.put(`/api/v1/users/${user.id}`, {
    headers: { ...admin, "If-Match": current.headers().etag },
    data: { platformRoles: ["USER", "PARTNER"], partnerStatus: "ACTIVE" },
  });
  expect(granted.status()).toBe(200);

  // The client under test: openapi-fetch typed by openapi-typescript's output (lib/testing/typed-client),
  // calling `npm start` over the network as any outside client would.
  const token = await tokenOf(partner, "typed client passphrase", ["read", "write"]);
  const client = createClient<paths>({ baseUrl: baseURL, headers: { Authorization: `Bearer ${token}` } });
  const result = await partnerWorkflow(client, member);
  expect(result.location).toBe(`/api/v1/projects/${result.project.id}`);
  expect(result.etag).toMatch(/^"v1\.[\w-]+"$/);
  expect(result.patched.websiteUrl).toBe("https://typed.example.org");
  expect(result.staleCode).toBe("stale_version");
  expect(result.members.map((entry) => entry.username).sort()).toEqual([partner, member].sort());
  // The description is too short to submit: the answer names the field, as the document declares `missing`.
  expect(result.submitError).toBe("incomplete");
  expect(result.missing?.map((entry) => entry.path)).toEqual(["description"]);
});
