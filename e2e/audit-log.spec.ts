/**
 * The audit log in sentences (issue 30, item 8): each entry names who did what to which thing by
 * name, with labels for enums and the changes field by field; the filters are a user picker, a
 * project picker, an action list and a date range. Reads the demo data only (the seed created the
 * projects as their owners: Pia created Skyforge Survival, Paul Ironclad Tactics).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectSignedIn, signInPage } from "./header";

const entries = (page: Page) => page.getByRole("list", { name: "Audit entries" }).getByRole("listitem");

/** Types into a picker, waits for the suggestion and takes it with the keyboard. */
async function pick(page: Page, label: string, typed: string, option: RegExp) {
  const field = page.getByRole("combobox", { name: label });
  await field.fill(typed);
  await expect(page.getByRole("option", { name: option })).toBeVisible();
  await field.press("ArrowDown");
  await field.press("Enter");
}

test("the audit log says who did what by name, and filters by a picked user, project, action and dates", async ({ page }) => {
  await signInPage(page, "lena.lead");
  await expectSignedIn(page);
  // The seed's entries are the oldest: after the journeys before this one they are pages back, so
  // the log is opened on one kind of action (the address keeps the filters).
  await page.goto("/admin/audit?action=project.create");

  const created = entries(page).filter({ hasText: "created the project Skyforge Survival" });
  await expect(created.first()).toBeVisible();
  // The actor, and the owner among the changes.
  await expect(created.first().getByRole("link", { name: "Pia (Partner)" })).toHaveCount(2);
  // Changes field by field, with labels: no JSON, no enum names.
  await expect(created.first()).toContainText("Visibility: Public");
  await expect(page.getByRole("list", { name: "Audit entries" })).not.toContainText('"PUBLIC"');
  await expect(page.getByRole("list", { name: "Audit entries" })).not.toContainText("project.create");

  // No id boxes: pickers.
  await expect(page.getByRole("textbox", { name: /id$/i })).toHaveCount(0);
  await pick(page, "User", "paul", /Paul \(Partner\)/);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/actorId=/);
  await expect(page.getByRole("combobox", { name: "User" })).toHaveValue("Paul (Partner)");
  await expect(entries(page).filter({ hasText: "created the project Ironclad Tactics" })).toHaveCount(1);
  await expect(entries(page).filter({ hasText: "Skyforge Survival" })).toHaveCount(0);
  for (const entry of await entries(page).all()) await expect(entry).toContainText(/^Paul \(Partner\)/);

  // A range from tomorrow holds nothing; today's (UTC) holds Paul's entries again.
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From", { exact: true }).fill(tomorrow);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${tomorrow}`));
  await expect(page.getByText("No entries")).toBeVisible();
  await page.getByLabel("From", { exact: true }).fill(today);
  await page.getByLabel("To", { exact: true }).fill(today);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(entries(page).filter({ hasText: "created the project Ironclad Tactics" })).toHaveCount(1);

  // The project picker and the action list (labels, not action names).
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  if (process.env.PORTAL_DOCS_SCREENSHOTS) {
    // The picker with its suggestions open, for docs/portal.md.
    await page.getByRole("combobox", { name: "Project" }).fill("nebula");
    await expect(page.getByRole("option", { name: /Nebula Racing League/ })).toBeVisible();
    await page.screenshot({ path: "docs/portal/admin-audit-picker-1280-en-light.png", animations: "disabled" });
  }
  await pick(page, "Project", "nebula", /Nebula Racing League/);
  await page.getByLabel("Action", { exact: true }).selectOption({ label: "Member added" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/projectId=.*action=member\.add|action=member\.add.*projectId=/);
  await expect(entries(page).first()).toContainText(/added Max \(team member\) to Nebula Racing League/);
  for (const entry of await entries(page).all()) await expect(entry).toContainText("Nebula Racing League");

  // On a phone the entries wrap: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/audit");
  await expect(entries(page).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a date range that ends before it starts is refused in words", async ({ page }) => {
  await signInPage(page, "lena.lead");
  await expectSignedIn(page);
  await page.goto("/admin/audit?from=2026-02-02&to=2026-02-01");
  await expect(page.getByText("The range ends before it starts.")).toBeVisible();
});
