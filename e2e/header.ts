import { expect, type Page } from "@playwright/test";

/** Opens the account menu of the header (the avatar button). */
export async function openAccountMenu(page: Page) {
  await page.getByRole("button", { name: /^(Account menu of|Kontomenü von)/ }).click();
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
