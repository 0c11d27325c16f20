import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectSignedIn, signInPage, signedInPage } from "./header";

// A phone: 390 px wide. Nothing on the account pages may scroll sideways, in English or German
// (German words are longer). Long tokens and e-mail addresses wrap; tables scroll in their own box.
test.use({ viewport: { width: 390, height: 844 } });

const PAGES = [
  "/account",
  "/account/notifications",
  "/account/security",
  "/account/tokens",
  "/account/privacy",
  "/notifications",
  "/my-applications",
];
const PUBLIC_PAGES = ["/sign-in", "/sign-up", "/forgot-password", "/reset-password", "/verify-email"];

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${path} is ${scrollWidth}px wide`).toBeLessThanOrEqual(clientWidth);
}

/** A new account, registered through the API with `fields`, then signed in on `page` through the sign-in form. */
async function signUpAndSignIn(page: Page, username: string, fields: { email: string; displayName: string }) {
  const password = "a long e2e passphrase";
  const response = await page.request.post("/api/v1/auth/register", { data: { username, password, ...fields } });
  expect(response.status()).toBe(201);
  await signInPage(page, username, password);
  await expectSignedIn(page);
}

test("the account pages fit a phone, in English and in German", async ({ page }) => {
  test.slow();
  for (const path of PUBLIC_PAGES) await expectNoSidewaysScroll(page, path);

  // A long name, a long address and a token with its 40-odd characters of secret.
  const username = `phone${Date.now().toString(36)}`;
  await signUpAndSignIn(page, username, {
    email: `${username}.with.a.rather.long.address@example.test`,
    displayName: "Maximiliane Mustermann-Langenscheidt",
  });
  // The account is split into sections (it was one page of some 5,500 px on a phone): the profile
  // page holds the profile and the e-mail address, and the folded section navigation leads to the rest.
  await page.goto("/account");
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2800);
  const sections = page.getByRole("navigation", { name: "Account sections" });
  await sections.getByRole("button", { name: "Section: Profile and e-mail" }).click();
  await sections.getByRole("link", { name: "Access tokens" }).click();
  await expect(page).toHaveURL(/\/account\/tokens$/);
  await expect(sections.getByRole("button", { name: "Section: Access tokens" })).toHaveAttribute("aria-expanded", "false");
  await page.getByRole("form", { name: "New token" }).getByLabel("Token name").fill("A token with a name long enough to wrap");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByTestId("new-token")).toBeVisible();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

  for (const path of PAGES) await expectNoSidewaysScroll(page, path);

  await page.goto("/account");
  await page.getByRole("form", { name: "Profile" }).getByLabel("Language").selectOption("de");
  await page.getByRole("form", { name: "Profile" }).getByRole("button", { name: "Save profile" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  for (const path of PAGES) await expectNoSidewaysScroll(page, path);
});

test("on a phone the profile's and the notification settings' results show beside their buttons, in view", async ({ page }) => {
  // The final walk of issue 30: "Your profile is saved." appeared above the profile's fields, some 1,000 px
  // above the button on a 390 px phone, so a saved profile looked like nothing happened.
  const username = `saved${Date.now().toString(36)}`;
  await signUpAndSignIn(page, username, { email: `${username}@example.test`, displayName: "Sally Saved" });

  await page.goto("/account");
  const profile = page.getByRole("form", { name: "Profile" });
  await profile.getByLabel("Display name").fill("Sally Saved Again");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Your profile is saved.")).toBeInViewport();
  await expect(profile.getByRole("button", { name: "Save profile" })).toBeInViewport();

  await page.goto("/account/notifications");
  const settings = page.getByRole("form", { name: "Notifications" });
  await settings.getByRole("button", { name: "Save notification settings" }).click();
  await expect(settings.getByText("Your notification settings are saved.")).toBeInViewport();
});

test("on a phone each notification checkbox says its column where it stands, the header row scrolled away", async ({ browser }) => {
  // The final walk of issue 30: twenty rows of two checkboxes whose headers (In the portal, By e-mail)
  // scrolled away, leaving two unnamed boxes per row.
  const page = await signedInPage(browser, "lena.lead", undefined, { viewport: { width: 390, height: 844 } });
  await page.goto("/account/notifications");
  const settings = page.getByRole("form", { name: "Notifications" });
  const rows = settings.getByRole("row");
  await expect(rows.nth(20)).toBeAttached();
  const last = rows.last();
  await last.scrollIntoViewIfNeeded();
  await expect(settings.getByRole("columnheader", { name: "In the portal" })).not.toBeInViewport();
  for (const column of ["In the portal", "By e-mail"]) {
    const said = last.getByText(column, { exact: true });
    await expect(said).toBeVisible();
    await expect(said).toBeInViewport();
    // The words are the checkbox's label: a tap on them ticks it.
    const box = last.getByRole("checkbox", { name: new RegExp(`: ${column}$`, "i") });
    const before = await box.isChecked();
    await said.click();
    await expect(box).toBeChecked({ checked: !before });
  }
  // At 1280 px the header row says it once; the rows do not repeat it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(settings.getByRole("columnheader", { name: "In the portal" })).toBeVisible();
  await expect(last.getByText("In the portal", { exact: true })).toBeHidden();
});
