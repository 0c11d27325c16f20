import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { DEMO_PASSWORD } from "./portal-table";

/**
 * Signs in through the sign-in page as a demo user (or with the given login and password) and
 * submits: `expectSignedIn` waits for the outcome, a test of a wrong password or a second factor
 * looks for its own.
 */
export async function signInPage(page: Page, login: string, password = DEMO_PASSWORD) {
  await page.goto("/sign-in");
  // The sign-in page speaks the browser's language (the German screenshots sign in with a German browser).
  await page.getByLabel(/^(E-mail or username|E-Mail oder Benutzername)$/).fill(login);
  await page.getByLabel(/^(Password|Passwort)$/).fill(password);
  await page.getByRole("button", { name: /^(Sign in|Anmelden)$/ }).click();
}

/** A username no other run has taken: `prefix`, the time and a random number. */
export function uniqueUsername(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Signs up through the sign-up page (the username is the display name too) and waits for the account page. */
export async function signUpPage(page: Page, username: string, password: string) {
  await page.goto("/sign-up");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Display name").fill(username);
  await page.getByLabel("E-mail address").fill(`${username}@example.test`);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  // Sign-up hashes the password with Argon2 and checks it against the common-password list: allow for a busy machine.
  await expect(page).toHaveURL(/\/account/, { timeout: 20_000 });
}

/** A browser of its own (a new context), signed in: another person in the same test. */
export async function signedInPage(browser: Browser, login: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInPage(page, login, password);
  // Sign-in hashes with Argon2: slow on a busy machine (expectSignedIn allows for it).
  await expectSignedIn(page);
  return page;
}

/** Opens the account menu of the header (the avatar button). */
export async function openAccountMenu(page: Page) {
  await page.getByRole("button", { name: /^(Account menu of|Kontomenü von)/ }).click();
}

/** Checks the name the account menu says the user is signed in as (opening the menu, then closing it with Escape). */
export async function expectSignedInAs(page: Page, name: string) {
  await openAccountMenu(page);
  await expect(page.getByTestId("signed-in-as")).toHaveText(name);
  await page.keyboard.press("Escape");
}

/** Signs out through the account menu and waits for the signed-out header. */
export async function signOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole("button", { name: /^(Sign out|Abmelden)$/ }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: /^(Sign in|Anmelden)$/ })).toBeVisible();
}

/** After a sign-in: wait until the browser has left the sign-in page and the header shows the account menu. */
export async function expectSignedIn(page: Page, timeout = 30_000) {
  await expect(page).not.toHaveURL(/\/(sign-in|start)(\?|$)/, { timeout });
  await expect(page.getByRole("button", { name: /^(Account menu of|Kontomenü von)/ })).toBeVisible({ timeout });
}
