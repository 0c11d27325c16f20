import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD } from "./portal-table";

/**
 * Signs in through the sign-in page as a demo user (or with the given login and password) and
 * submits: `expectSignedIn` waits for the outcome, a test of a wrong password or a second factor
 * looks for its own.
 */
export async function signInPage(page: Page, login: string, password = DEMO_PASSWORD) {
  // Counted in the JSON report (E2E_JSON_REPORT): docs/testing.md's budget counts sign-ins.
  test.info().annotations.push({ type: "sign-in", description: `${login}: the sign-in form` });
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

/**
 * The signed-in cookies of each account this worker signed in with `signedInPage` (per server:
 * the keyboard project has its own), and when. A later `signedInPage` for the same account starts
 * from them instead of signing in again. Kept eight minutes: inside the sessions' idle limit
 * (30 minutes) and the re-authentication window (REAUTH_WINDOW_SECONDS, 10 minutes), so a page
 * that needs a recent sign-in still finds one.
 */
const signedInStates = new Map<string, { state: StorageState; at: number }>();
const SIGNED_IN_STATE_MS = 8 * 60_000;
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * A browser of its own (a new context), signed in: another person in the same test. The first
 * time per account (and server) it signs in through the sign-in page; later it starts from the
 * cookies kept then and opens `/start`, where a sign-in lands, so the page is where a sign-in
 * leaves it. A kept session that has ended since (signed out, password changed) leads to the
 * sign-in page: then it signs in through the form again.
 */
export async function signedInPage(
  browser: Browser,
  login: string,
  password = DEMO_PASSWORD,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const key = `${test.info().project.use.baseURL} ${login}`;
  const kept = signedInStates.get(key);
  if (kept && Date.now() - kept.at < SIGNED_IN_STATE_MS) {
    const context = await browser.newContext({ ...options, storageState: kept.state });
    const page = await context.newPage();
    await page.goto("/start");
    if (new URL(page.url()).pathname !== "/sign-in") {
      await expectSignedIn(page);
      test.info().annotations.push({ type: "sign-in", description: `${login}: kept cookies` });
      return page;
    }
    await context.close();
  }
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signInPage(page, login, password);
  // Sign-in hashes with Argon2: slow on a busy machine (expectSignedIn allows for it).
  await expectSignedIn(page);
  signedInStates.set(key, { state: await context.storageState(), at: Date.now() });
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
