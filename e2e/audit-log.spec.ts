/**
 * The audit log in sentences (issue 30, item 8): each entry names who did what to which thing by
 * name, with labels for enums and the changes field by field; the filters are a user picker, a
 * project picker, an action list and a date range. Reads the demo data only (the seed created the
 * projects as their owners: Pia created Skyforge Survival, Paul Ironclad Tactics).
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectSignedIn, signInPage, signedInPage } from "./header";

const entries = (page: Page) => page.getByRole("list", { name: "Audit entries" }).getByRole("listitem");

/** The UTC day `days` from now, as the audit log's range takes it (YYYY-MM-DD). */
const utcDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const ENGLISH = { day: "Day", month: "Month", year: "Year" };
const GERMAN = { day: "Tag", month: "Monat", year: "Jahr" };

/** Enters an ISO day into a date field of three parts (day, month by name, year), named in the page's language. */
async function fillDay(group: Locator, iso: string, words = ENGLISH) {
  const [year, month, day] = iso.split("-").map(Number);
  await group.getByLabel(words.day, { exact: true }).fill(String(day));
  await group.getByLabel(words.month, { exact: true }).selectOption(String(month));
  await group.getByLabel(words.year, { exact: true }).fill(String(year));
}

/** The labels of a group's fields, in the order they stand. */
function fieldLabels(group: Locator) {
  return group
    .locator("input:not([type=hidden]), select")
    .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).labels?.[0]?.textContent));
}

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
  const today = utcDay();
  const tomorrow = utcDay(1);
  await fillDay(page.getByRole("group", { name: "From" }), tomorrow);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${tomorrow}`));
  await expect(page.getByText("No entries")).toBeVisible();
  await fillDay(page.getByRole("group", { name: "From" }), today);
  await fillDay(page.getByRole("group", { name: "To" }), today);
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

test("a date typed before the page's scripts have run is the one the filter sends", async ({ page }) => {
  // On a slow connection the fields are there before the scripts: what was typed then used to be
  // replaced by the address's date once they ran, and the filter sent that one.
  await signInPage(page, "lena.lead");
  await expectSignedIn(page);
  const today = utcDay();
  const tomorrow = utcDay(1);
  let runScripts = () => {};
  const held = new Promise<void>((resolve) => {
    runScripts = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(`/admin/audit?action=project.create&from=${tomorrow}`, { waitUntil: "domcontentloaded" });
  await fillDay(page.getByRole("group", { name: "From" }), today);
  runScripts();
  await expect(page.locator('input[type="hidden"][name="from"]')).toHaveValue(today);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
});

test("a date range that ends before it starts is refused in words", async ({ page }) => {
  await signInPage(page, "lena.lead");
  await expectSignedIn(page);
  await page.goto("/admin/audit?from=2026-02-02&to=2026-02-01");
  await expect(page.getByText("The range ends before it starts.")).toBeVisible();
});

test("on a phone the filters fold behind one button, and the dates read Tag, Monat, Jahr on a German page", async ({ browser }) => {
  // The final walk of issue 30: five fields filled a phone's first screen, and From/To were the
  // browser's date fields, which showed "mm/dd/yyyy" on the German page.
  const page = await signedInPage(browser, "lena.lead", undefined, { locale: "de-DE", viewport: { width: 390, height: 844 } });
  await page.goto("/admin/audit");
  const person = page.getByRole("combobox", { name: "Person" });
  await expect(person).toBeHidden();
  await expect(page.getByRole("list", { name: "Protokolleinträge" }).getByRole("listitem").first()).toBeInViewport();
  await page.getByText("Filter", { exact: true }).click();
  await expect(person).toBeVisible();

  await expect(page.locator('input[type="date"]')).toHaveCount(0);
  const from = page.getByRole("group", { name: "Von" });
  const to = page.getByRole("group", { name: "Bis" });
  expect(await fieldLabels(from)).toEqual(["Tag", "Monat", "Jahr"]);
  await expect(from.getByLabel("Tag")).toHaveAttribute("placeholder", "TT");
  await expect(from.getByLabel("Monat").locator("option").nth(5)).toHaveText("Mai");
  await expect(from.getByLabel("Tag")).toHaveAccessibleDescription(/Ganze Tage in UTC/);

  // A half-done date is named at the field, in German, and not sent.
  await from.getByLabel("Tag").fill("3");
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(from.getByText("Gib Tag, Monat und Jahr an – oder lass alle drei leer.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/audit$/);

  const today = utcDay();
  await fillDay(from, today, GERMAN);
  await fillDay(to, today, GERMAN);
  await expect(from.getByText("Gib Tag, Monat und Jahr an – oder lass alle drei leer.")).toBeHidden();
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await page.getByText("Filter", { exact: true }).click();
  await expect(page.getByRole("group", { name: "Von" }).getByLabel("Tag")).toHaveValue(String(Number(today.slice(8))));
  await expect(page.getByRole("group", { name: "Bis" }).getByLabel("Jahr")).toHaveValue(today.slice(0, 4));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("at 1280 px 'Whole days in UTC' stands under the two dates it explains, the buttons beside them", async ({ browser }) => {
  // The final walk of issue 30: the hint stood in the third column, over the buttons.
  const page = await signedInPage(browser, "lena.lead", undefined, { viewport: { width: 1280, height: 900 } });
  await page.goto("/admin/audit");
  const from = (await page.getByRole("group", { name: "From" }).boundingBox())!;
  const to = (await page.getByRole("group", { name: "To" }).boundingBox())!;
  const hint = (await page.getByText("Whole days in UTC").boundingBox())!;
  const filter = (await page.getByRole("button", { name: "Filter" }).boundingBox())!;
  expect(to.y).toBe(from.y);
  expect(hint.y).toBeGreaterThanOrEqual(Math.max(from.y + from.height, to.y + to.height));
  expect(hint.x).toBeGreaterThanOrEqual(from.x - 1);
  expect(hint.x).toBeLessThan(to.x);
  // The buttons beside the dates, their bottom on the line of the date fields'.
  expect(filter.x).toBeGreaterThanOrEqual(to.x + to.width);
  expect(Math.abs(filter.y + filter.height - (to.y + to.height))).toBeLessThanOrEqual(4);
});
