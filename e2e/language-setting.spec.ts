/**
 * Issue 30, item 3: an account whose language is "Follow the browser" (never chosen) reads the
 * portal in each browser's language; choosing a language pins it (docs/i18n.md).
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectSignedIn, signInPage } from "./header";

const PASSWORD = "language setting passphrase";

async function signedIn(browser: Browser, locale: "de-DE" | "en-US", username: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await signInPage(page, username, PASSWORD);
  await expectSignedIn(page);
  return page;
}

async function languageOf(request: APIRequestContext, username: string) {
  const token = await request.post("/api/v1/auth/token", { data: { login: username, password: PASSWORD, scopes: ["read"] } });
  expect(token.status()).toBe(201);
  const me = await request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${(await token.json()).token}` } });
  return (await me.json()).language as string | null;
}

test("an account following the browser reads German in a German browser and English in an English one; choosing a language pins it", async ({
  browser,
  request,
}) => {
  test.slow();
  // An account pinned to English (the client names it).
  const username = `folge${Date.now().toString(36)}`;
  const registered = await request.post("/api/v1/auth/register", {
    data: { username, email: `${username}@example.test`, password: PASSWORD, displayName: "Fritz Folge", language: "en" },
  });
  expect(registered.status()).toBe(201);

  // Pinned: English even in a German browser. The person picks "Follow the browser".
  const german = await signedIn(browser, "de-DE", username);
  await german.goto("/account");
  await expect(german.locator("html")).toHaveAttribute("lang", "en");
  const profile = german.getByRole("form", { name: "Profile" });
  await expect(profile.getByLabel("Language").locator("option")).toHaveText(["Follow the browser", "English", "Deutsch"]);
  await profile.getByLabel("Language").selectOption({ label: "Follow the browser" });
  await profile.getByRole("button", { name: "Save profile" }).click();
  // The answer and the page are in the browser's language at once.
  const profil = german.getByRole("form", { name: "Profil" });
  await expect(profil.getByText("Dein Profil ist gespeichert.")).toBeVisible();
  await expect(german.locator("html")).toHaveAttribute("lang", "de");
  expect(await languageOf(request, username)).toBeNull();

  await german.reload();
  await expect(german.locator("html")).toHaveAttribute("lang", "de");
  await expect(profil.getByLabel("Sprache")).toHaveValue("");
  await expect(profil.getByLabel("Sprache").locator("option:checked")).toHaveText("Wie im Browser");
  if (process.env.PORTAL_DOCS_SCREENSHOTS) await screenshotLanguageSetting(german, "de");

  // The same account in an English browser: English.
  const english = await signedIn(browser, "en-US", username);
  await english.goto("/account");
  await expect(english.locator("html")).toHaveAttribute("lang", "en");
  const profileEn = english.getByRole("form", { name: "Profile" });
  await expect(profileEn.getByLabel("Language").locator("option:checked")).toHaveText("Follow the browser");
  if (process.env.PORTAL_DOCS_SCREENSHOTS) await screenshotLanguageSetting(english, "en");

  // Choosing German pins it: the English browser reads German from now on, and so does a new one.
  await profileEn.getByLabel("Language").selectOption({ label: "Deutsch" });
  await profileEn.getByRole("button", { name: "Save profile" }).click();
  await expect(english.getByRole("form", { name: "Profil" }).getByText("Dein Profil ist gespeichert.")).toBeVisible();
  await expect(english.locator("html")).toHaveAttribute("lang", "de");
  expect(await languageOf(request, username)).toBe("de");
  const another = await signedIn(browser, "en-US", username);
  await another.goto("/account");
  await expect(another.locator("html")).toHaveAttribute("lang", "de");
  await expect(another.getByRole("form", { name: "Profil" }).getByLabel("Sprache")).toHaveValue("de");
});

/** docs/portal/: the profile's language setting at 1280 and 390 px, the visible part of the page (PORTAL_DOCS_SCREENSHOTS=1). */
async function screenshotLanguageSetting(page: Page, locale: "en" | "de") {
  const form = page.getByRole("form", { name: locale === "de" ? "Profil" : "Profile" });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await form.getByLabel(locale === "de" ? "Sprache" : "Language").evaluate((select) => select.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: `docs/portal/account-language-${width}-${locale}-light.png`, animations: "disabled" });
  }
}
