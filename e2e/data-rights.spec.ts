import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { signUpPage, uniqueUsername } from "./header";

test("a user downloads their data, then deletes the account and cannot sign in any more", async ({ page }) => {
  const username = uniqueUsername("dr");
  const password = "a long e2e passphrase";

  await signUpPage(page, username, password);
  // The account's sections are pages of their own (as Keycloak's console): data and deletion is one.
  await page.getByRole("navigation", { name: "Account sections" }).getByRole("link", { name: "Your data and deletion" }).click();
  await expect(page).toHaveURL(/\/account\/privacy$/);

  // "Download my data": the API's attachment, named after the user and the day.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toBe(`pums-export-${username}-${new Date().toISOString().slice(0, 10)}.json`);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported).toMatchObject({
    format: "pums-export",
    account: { username, email: `${username}@example.test`, displayName: username },
  });
  expect(JSON.stringify(exported)).not.toContain("passwordHash");

  // "Delete account": the username typed again, and the password.
  const form = page.getByRole("form", { name: "Delete account" });
  await form.getByLabel(`Type your username (${username}) to confirm`).fill("someone-else");
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.getByLabel(`Type your username (${username}) to confirm`)).toHaveAccessibleDescription(
    "Type your username exactly as shown.",
  );
  await form.getByLabel(`Type your username (${username}) to confirm`).fill(username);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/sign-in\?deleted=1/);
  await expect(page.getByText("Your account has been deleted")).toBeVisible();

  // The session is gone, and the account signs in like one that never existed.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount/);
  await page.getByLabel("E-mail or username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("The e-mail, username or password is wrong.")).toBeVisible();
});
