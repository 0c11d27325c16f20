/**
 * Issue 30, item 10: one image control for every picture (the project's logo and banner, the
 * account's avatar): a preview, pick or drop, an immediate upload, Remove; no field shows an
 * internal `/api/v1/...` address; it fits a 390 px phone; a picture that does not load falls back
 * to the initials (avatars) or a neutral placeholder (logo, banner).
 * On the demo data: Paul is a partner with projects of his own.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { apiHeaders } from "./api";
import { expect, test } from "./fixtures";
import { signedInPage } from "./header";
import { dropImage, PNG } from "./images";

/** The values of every text field of the page: none may be an address of our API. */
async function fieldValues(page: Page): Promise<string[]> {
  return page
    .locator("main input:not([type=file]):not([type=hidden]), main textarea")
    .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide`).toBeLessThanOrEqual(clientWidth);
}

/** A draft of Paul's, made through the API, and Paul's API headers. */
async function paulsProject(request: APIRequestContext, fields: Record<string, string>) {
  const headers = await apiHeaders(request, "paul.partner");
  const created = await request.post("/api/v1/projects", { headers, data: { game: "Minecraft", category: "Server", ...fields } });
  expect(created.status()).toBe(201);
  return { project: (await created.json()) as { id: string; slug: string }, headers };
}

test("item 10: logo, banner and avatar share one control: pick or drop, uploaded at once, Remove, no internal paths, at 390 px", async ({
  browser,
  request,
}) => {
  const { project } = await paulsProject(request, { name: `Images ${Date.now().toString(36)}` });

  const paul = await signedInPage(browser, "paul.partner");
  await paul.setViewportSize({ width: 390, height: 844 });
  await paul.goto(`/projects/${project.slug}/manage`);
  const form = paul.getByRole("form", { name: "Presentation" });
  const logo = paul.getByRole("group", { name: "Logo" });
  const banner = paul.getByRole("group", { name: "Banner" });

  // A picked file is uploaded at once (no second button), and the unsaved edits of the form stay and still save.
  await form.getByLabel("Description").fill("Edited before the logo upload.");
  await expect(logo.getByRole("button", { name: "Upload", exact: true })).toHaveCount(0);
  // A button of our own in the page's language, whole on the phone; the browser's file input (its
  // "Choose File / No file chosen", cut at 390 px) is hidden inside it.
  const choose = logo.locator("label", { hasText: "Choose a picture" });
  await expect(choose).toBeVisible();
  const button = (await choose.boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(390);
  expect((await logo.getByLabel("Logo").boundingBox())!.width).toBeLessThanOrEqual(1);
  await logo.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(logo.getByText("The logo is uploaded.")).toBeVisible();
  await expect(logo.locator("img")).toHaveAttribute("src", /\/images\/logo\?v=/);
  await expect(form.getByLabel("Description")).toHaveValue("Edited before the logo upload.");
  await form.getByRole("button", { name: "Save presentation" }).click();
  await expect(form.getByText("The presentation is saved.")).toBeVisible();

  // A file dropped on the banner's control is uploaded too.
  await dropImage(paul, 'role=group[name="Banner"]', "banner.png");
  await expect(banner.getByText("The banner is uploaded.")).toBeVisible();
  await expect(banner.locator("img")).toHaveAttribute("src", /\/images\/banner\?v=/);

  // No field shows our internal addresses, and nothing scrolls sideways on the phone.
  for (const value of await fieldValues(paul)) expect(value).not.toMatch(/\/api\/v1\//);
  await paul.reload();
  for (const value of await fieldValues(paul)) expect(value).not.toMatch(/\/api\/v1\//);
  await expectNoSidewaysScroll(paul);
  await expect(logo.locator("img")).toBeVisible();

  // Remove: the control shows the placeholder again, and the form still saves.
  await logo.getByRole("button", { name: "Remove logo" }).click();
  await expect(logo.getByText("The logo is removed.")).toBeVisible();
  await expect(logo.locator("img")).toHaveCount(0);
  await form.getByRole("button", { name: "Save presentation" }).click();
  await expect(form.getByText("The presentation is saved.")).toBeVisible();

  await expect(banner.locator("img")).toBeVisible();

  // The account's picture is the same control.
  await paul.goto("/account");
  const picture = paul.getByRole("group", { name: "Picture" });
  await picture.getByLabel("Picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(picture.getByText("Your picture is saved.")).toBeVisible();
  await expect(picture.locator("img")).toHaveAttribute("src", /\/avatar\?v=/);
  await expectNoSidewaysScroll(paul);
  await picture.getByRole("button", { name: "Remove picture" }).click();
  await expect(picture.getByText("Your picture is removed.")).toBeVisible();
  await expect(picture.locator("img")).toHaveCount(0);
});

test("item 10: a picture that does not load falls back to the initials (avatars) or a neutral placeholder (logo, banner)", async ({
  browser,
  request,
}) => {
  // Addresses on a host that does not resolve: the browser cannot load them.
  const { project, headers } = await paulsProject(request, {
    name: `Broken ${Date.now().toString(36)}`,
    logoUrl: "https://cdn.example/broken-logo.png",
    bannerUrl: "https://cdn.example/broken-banner.png",
  });
  const avatar = await request.put("/api/v1/users/me/avatar", { headers: { ...headers, "Content-Type": "image/png" }, data: PNG });
  expect(avatar.status()).toBe(200);

  const paul = await signedInPage(browser, "paul.partner");
  await paul.route(/\/avatar\?v=/, (route) => route.fulfill({ status: 404, body: "" }));
  await paul.goto(`/projects/${project.slug}`);
  const main = paul.getByRole("main");
  await expect(main.locator("img")).toHaveCount(0);
  await expect(main.getByTestId("image-placeholder")).toHaveCount(2);
  const menu = paul.getByRole("button", { name: /^Account menu of/ });
  await expect(menu.locator("img")).toHaveCount(0);
  // "Paul (Partner)": the initial of each word that starts with a letter.
  await expect(menu.getByText("P", { exact: true })).toBeVisible();
  await paul.goto("/account");
  const picture = paul.getByRole("group", { name: "Picture" });
  await expect(picture.locator("img")).toHaveCount(0);
  await expect(picture.getByText("P", { exact: true })).toBeVisible();
  await paul.goto(`/projects/${project.slug}/manage`);
  for (const kind of ["Logo", "Banner"]) {
    await expect(paul.getByRole("group", { name: kind }).locator("img")).toHaveCount(0);
    await expect(paul.getByRole("group", { name: kind }).getByTestId("image-placeholder")).toBeVisible();
  }
});
