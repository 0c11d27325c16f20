/**
 * Issue 13, "Broken today": each item reproduced in the browser as it was reported.
 * (Item 3, the stranger on the manage pages, is in the portal-access table.)
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signedInPage, signInPage } from "./header";
import { DEMO_PASSWORD } from "./portal-table";
import { PNG } from "./images";

async function apiAs(request: APIRequestContext, login: string) {
  const response = await request.post("/api/v1/auth/token", { data: { login, password: DEMO_PASSWORD, scopes: ["read", "write"] } });
  expect(response.status()).toBe(201);
  const headers = { Authorization: `Bearer ${(await response.json()).token}` };
  const ifMatch = async (projectId: string) => ({
    ...headers,
    "If-Match": (await request.get(`/api/v1/projects/${projectId}`, { headers })).headers().etag!,
  });
  return { headers, ifMatch };
}

async function projectId(request: APIRequestContext, headers: Record<string, string>, slug: string): Promise<string> {
  const list = await (await request.get("/api/v1/projects?limit=100", { headers })).json();
  return (list.data as { id: string; slug: string }[]).find((project) => project.slug === slug)!.id;
}

test("item 1: an image upload keeps the presentation's unsaved edits, and saving them afterwards works (logo and banner)", async ({
  browser,
}) => {
  const partner = await signedInPage(browser, "pia.partner");
  const stamp = Date.now().toString(36);
  await partner.goto("/projects/new");
  await partner.getByLabel("Project name", { exact: true }).fill(`Upload ${stamp}`);
  await partner.getByLabel("Game", { exact: true }).fill("Minecraft");
  await partner.getByLabel("Category", { exact: true }).fill("Server");
  await partner.getByRole("button", { name: "Create project" }).click();
  await expect(partner.getByText("Your project is created as a draft.")).toBeVisible();

  const form = partner.getByRole("form", { name: "Presentation" });
  for (const [kind, field, text] of [
    ["logo", "Description", "Edited before the logo upload."],
    ["banner", "Game", "Edited before the banner"],
  ] as const) {
    await form.getByLabel(field, { exact: true }).fill(text);
    const control = partner.getByRole("group", { name: kind === "logo" ? "Logo" : "Banner" });
    await control
      .getByLabel(kind === "logo" ? "Logo" : "Banner")
      .setInputFiles({ name: `${kind}.png`, mimeType: "image/png", buffer: PNG });
    await expect(control.getByText(`The ${kind} is uploaded.`)).toBeVisible();
    await expect(form.getByLabel(field, { exact: true })).toHaveValue(text);
    // The first round's notice may still show: wait for this save's own answer.
    const saved = partner.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/manage"));
    await form.getByRole("button", { name: "Save presentation" }).click();
    await saved;
    await expect(form.getByText("The presentation is saved.")).toBeVisible();
    await expect(partner.getByText(/changed in another window/)).toHaveCount(0);
  }

  await partner.reload();
  await expect(form.getByLabel("Description", { exact: true })).toHaveValue("Edited before the logo upload.");
  await expect(form.getByLabel("Game", { exact: true })).toHaveValue("Edited before the banner");
  // The saves kept the uploaded images.
  await expect(partner.getByRole("group", { name: "Logo" }).locator("img")).toHaveAttribute("src", /\/images\/logo\?v=/);
  await expect(partner.getByRole("group", { name: "Banner" }).locator("img")).toHaveAttribute("src", /\/images\/banner\?v=/);

  // A change from another window still stops a save that would overwrite it.
  const other = await partner.context().newPage();
  await other.goto(partner.url());
  await other.getByRole("form", { name: "Presentation" }).getByLabel("Category", { exact: true }).fill("Changed elsewhere");
  await other.getByRole("button", { name: "Save presentation" }).click();
  await expect(other.getByText("The presentation is saved.")).toBeVisible();
  await form.getByLabel("Category", { exact: true }).fill("Changed here");
  await form.getByRole("button", { name: "Save presentation" }).click();
  await expect(form.getByText(/changed in another window/)).toBeVisible();
});

test("item 2: the review page follows a decision, says when it claimed for the reviewer, and shows banner, launcher settings and what changed since the last review", async ({
  browser,
  request,
}) => {
  const paul = await apiAs(request, "paul.partner");
  const orbit = await projectId(request, paul.headers, "orbit-modpack");
  const reviewer = await signedInPage(browser, "tom.teamlead");

  // A decision without a claim: the reviewer is told, and the page shows the outcome at once.
  await reviewer.goto(`/review/${orbit}`);
  await expect(reviewer.getByText("Nobody has claimed this project.")).toBeVisible();
  const decision = reviewer.getByRole("form", { name: "Decision" });
  await decision.getByLabel("Reject").check();
  await decision.getByLabel("Public reason (the team sees it)").fill("Add a banner and the launcher settings.");
  await decision.getByRole("button", { name: "Record decision" }).click();
  await expect(reviewer.getByText(/You had not claimed this project/)).toBeVisible();
  await expect(reviewer.getByText("Rejected: the team sees your public reason.")).toBeVisible();
  await expect(reviewer.getByText("No reviews yet.")).toHaveCount(0);
  await expect(reviewer.getByRole("region", { name: "Past reviews" })).toContainText("Add a banner and the launcher settings.");
  await expect(reviewer.getByTestId("review-status")).toHaveText("Rejected");

  // The team changes the presentation, sets up the launcher and resubmits.
  const description = "A space-themed modpack for tech players, now with rockets and orbital stations.";
  const patched = await request.patch(`/api/v1/projects/${orbit}`, {
    headers: await paul.ifMatch(orbit),
    data: { description, logoUrl: "https://cdn.example/orbit-logo.png", bannerUrl: "https://cdn.example/orbit-banner.png" },
  });
  expect(patched.status()).toBe(200);
  const modules = await request.put(`/api/v1/projects/${orbit}/modules`, {
    headers: await paul.ifMatch(orbit),
    data: { modules: ["APPLICATIONS", "DOWNLOADS", "LAUNCHER"] },
  });
  expect(modules.status()).toBe(200);
  const launcher = await request.put(`/api/v1/projects/${orbit}/launcher`, {
    headers: paul.headers,
    data: {
      offerInstall: true,
      offerUpdate: true,
      offerRepair: false,
      offerGameStart: true,
      offerVersions: false,
      launchSettings: { executable: "bin/orbit-launch.exe", arguments: ["--fullscreen"], minimumMemoryMb: 4096 },
    },
  });
  expect(launcher.status()).toBe(200);
  const submitted = await request.post(`/api/v1/projects/${orbit}/status`, { headers: paul.headers, data: { status: "IN_REVIEW" } });
  expect(submitted.status()).toBe(200);

  await reviewer.goto(`/review/${orbit}`);
  await expect(reviewer.getByTestId("review-status")).toHaveText("In review");
  // The banner's host does not resolve in the test's browser: the reviewer learns so, with its address.
  await expect(reviewer.getByText("The banner does not load: https://cdn.example/orbit-banner.png")).toBeVisible();
  const launcherCard = reviewer.getByRole("region", { name: "Launcher settings" });
  await expect(launcherCard).toContainText("bin/orbit-launch.exe");
  await expect(launcherCard).toContainText("Minimum memory: 4,096 MB");
  await expect(launcherCard).toContainText("Offers: Installation, Updates, Game start");
  const changes = reviewer.getByRole("region", { name: "Changes since the last review" });
  await expect(changes).toContainText("Description");
  await expect(changes).toContainText("now with rockets and orbital stations");
  await expect(changes).toContainText("Banner");
  await expect(changes).toContainText("Modules");
  await expect(changes.locator("dt", { hasText: /^Game$/ })).toHaveCount(0);

  // With a claim: approve; the page follows (published, two reviews, nothing left to decide).
  await reviewer.getByRole("button", { name: "Claim for review" }).click();
  await expect(reviewer.getByText("You have claimed this project.").first()).toBeVisible();
  for (const item of ["Complete", "Quality", "Guidelines", "Security"]) await decision.getByLabel(new RegExp(`^${item}:`)).check();
  await decision.getByLabel("Approve and publish").check();
  await decision.getByRole("button", { name: "Record decision" }).click();
  await expect(reviewer.getByText("Approved: the project is published.")).toBeVisible();
  await expect(reviewer.getByText(/You had not claimed this project/)).toHaveCount(0);
  await expect(reviewer.getByTestId("review-status")).toHaveText("Published");
  await expect(reviewer.getByRole("region", { name: "Past reviews" }).getByRole("listitem")).toHaveCount(2);
  await expect(reviewer.getByRole("region", { name: "Changes since the last review" })).toHaveCount(0);
});

test("item 2: the review page and queue are the not-found page for everyone outside the review team", async ({ browser, request }) => {
  const paul = await apiAs(request, "paul.partner");
  const starlight = await projectId(request, paul.headers, "starlight-roleplay");
  for (const login of ["ulla.user", "paul.partner", "sam.support"]) {
    const page = await signedInPage(browser, login);
    for (const path of [`/review/${starlight}`, "/review"]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(`${login} ${path}: ${response.status()}`).toBe(`${login} ${path}: 404`);
    }
  }
});

test("item 5: the signed-out home page requests no API document, has a favicon, and a wrong password is one quiet log line", async ({
  page,
  keyboardOnly,
}) => {
  const apiRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/v1/")) apiRequests.push(request.url());
  });
  await page.goto("/");
  // Links in view are prefetched; a pointer over one prefetches it too, and a keyboard user's Tab passes every one.
  for (const link of await page.locator("main a").all()) await (keyboardOnly ? link.focus() : link.hover());
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
  expect(apiRequests).toEqual([]);

  const icon = page.locator('head link[rel="icon"]').first();
  const href = await icon.getAttribute("href");
  expect(href).toBeTruthy();
  const favicon = await page.request.get(href!);
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/^image\//);

  await signInPage(page, "ulla.user", "not the password");
  await expect(page.getByText("The e-mail, username or password is wrong.")).toBeVisible();
});
