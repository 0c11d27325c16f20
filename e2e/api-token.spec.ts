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
