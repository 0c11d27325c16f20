/**
 * Issue 30, portal round two, on the demo data (Pia owns Skyforge Survival, published and trusted,
 * and Nebula Racing League, a draft without a logo; Paul is a partner; Tom is a Team lead, a
 * reviewer):
 * - item 9: the manage area's tabs are a grouped side navigation (Project, People, Content) that
 *   fits at 1280 px and folds into a disclosure on a phone;
 * - item 5: Releases is a compact table with a "New release" button and an editor per release, and
 *   publishing a release without files warns in its confirmation;
 * - item 6: a long form's message appears next to its button; Approve waits for every check;
 * - item 11: each missing item of the submission checklist links to its field or tab, and the
 *   Modules page says what turning a module on requires.
 */
import { expect, test } from "./fixtures";
import { projectInReview } from "./api";
import { signedInPage } from "./header";

const SKYFORGE = "/projects/skyforge-survival";
const NEBULA = "/projects/nebula-racing-league";

test("item 9: the manage tabs are a grouped side navigation at 1280 px and a disclosure at 390 px @keyboard", async ({ browser }) => {
  const owner = await signedInPage(browser, "pia.partner");
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.goto(`${SKYFORGE}/manage/releases`);
  const nav = owner.getByRole("navigation", { name: "Project management" });
  const groups = {
    Project: ["Presentation", "Modules", "Settings", "Webhooks", "Review"],
    People: ["Team", "Roles", /^Applications/],
    Content: ["Releases", "Files", "Launcher", "Pages", "Announcements"],
  };
  for (const [group, tabs] of Object.entries(groups)) {
    const list = nav.getByRole("list", { name: group });
    await expect(list.getByRole("link")).toHaveText(tabs);
  }
  // Every tab fits: nothing cut off, nothing to scroll sideways.
  for (const link of await nav.getByRole("link").all()) {
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  }
  expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(nav.getByRole("link", { name: "Releases" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Announcements" }).click();
  await expect(owner).toHaveURL(new RegExp(`${SKYFORGE}/manage/messages$`));
  await expect(nav.getByRole("link", { name: "Announcements" })).toHaveAttribute("aria-current", "page");

  // On a phone the navigation folds into one button that names the current tab.
  await owner.setViewportSize({ width: 390, height: 844 });
  const toggle = nav.getByRole("button", { name: /Announcements/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Team" })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("link", { name: "Team" }).click();
  await expect(owner).toHaveURL(new RegExp(`${SKYFORGE}/manage/team$`));
  await expect(nav.getByRole("button", { name: /Team/ })).toHaveAttribute("aria-expanded", "false");
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("item 5: releases are a compact table with an editor per release; publishing one without files warns", async ({ browser }) => {
  const owner = await signedInPage(browser, "pia.partner");
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.goto(`${SKYFORGE}/manage/releases`);
  const table = owner.getByRole("table", { name: "Releases of this project" });
  await expect(table.getByRole("columnheader")).toHaveText(["Version", "Channel", "State", "Files", "Downloads"]);
  await expect(table.getByRole("row", { name: /1\.1\.0-beta\.1/ })).toContainText("Beta");
  // No form is open until asked for: the tab is short.
  await expect(owner.getByRole("form", { name: "New release" })).toHaveCount(0);
  expect(await owner.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(1400);

  // A new release, then its editor.
  const version = `7.0.${Date.now() % 100000}`;
  await owner.getByRole("button", { name: "New release" }).click();
  const form = owner.getByRole("form", { name: "New release" });
  await form.getByLabel("Version").fill(version);
  await form.getByLabel("Title").fill("No files yet");
  await form.getByRole("button", { name: "Create draft release" }).click();
  await expect(owner.getByRole("heading", { name: `Release ${version}` })).toBeVisible();
  await expect(owner.getByText(`Release ${version} is created as a draft.`)).toBeVisible();

  // Publishing it without files: the confirmation says so first.
  await owner.getByRole("button", { name: "Publish" }).click();
  const dialog = owner.getByRole("dialog", { name: `Publish ${version}?` });
  await expect(dialog).toContainText("This release has no files");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Back in the table, the row opens the same editor; then the draft goes away again.
  await owner.getByRole("link", { name: "All releases" }).click();
  await owner.getByRole("table", { name: "Releases of this project" }).getByRole("link", { name: version }).click();
  await expect(owner.getByRole("heading", { name: `Release ${version}` })).toBeVisible();
  await owner.getByRole("button", { name: "Delete" }).click();
  await owner
    .getByRole("dialog", { name: `Delete ${version}?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(owner.getByText("The release and its files are deleted.")).toBeVisible();
  await expect(owner.getByRole("table", { name: "Releases of this project" }).getByRole("link", { name: version })).toHaveCount(0);
});

test("item 6: a long form's message shows next to its button; Approve waits for every check", async ({ browser, request }) => {
  const owner = await signedInPage(browser, "pia.partner");
  await owner.setViewportSize({ width: 1280, height: 720 });
  await owner.goto(`${SKYFORGE}/manage/launcher`);
  await owner.getByRole("button", { name: "Save launcher integration" }).click();
  await expect(owner.getByText("The launcher integration is saved.")).toBeInViewport();
  await owner.goto(`${SKYFORGE}/manage`);
  await owner.getByRole("button", { name: "Save presentation" }).click();
  await expect(owner.getByText("The presentation is saved.")).toBeInViewport();

  // A project of its own in the queue (the seed's Orbit Modpack is decided by broken-today.spec.ts).
  const { project } = await projectInReview(request, "paul.partner", {
    name: `Checklist ${Date.now().toString(36)}`,
    description: "A project waiting for review, to see the decision form wait for its checks.",
    logoUrl: "https://cdn.example/checklist.png",
  });
  const reviewer = await signedInPage(browser, "tom.teamlead");
  await reviewer.goto(`/review/${project.id}`);
  const decision = reviewer.getByRole("form", { name: "Decision" });
  const record = decision.getByRole("button", { name: "Record decision" });
  await decision.getByLabel("Approve and publish").check();
  await expect(record).toBeDisabled();
  await expect(decision.getByText("Tick every check to approve.")).toBeVisible();
  for (const item of ["Complete", "Quality", "Guidelines"]) await decision.getByLabel(new RegExp(`^${item}:`)).check();
  await expect(record).toBeDisabled();
  await decision.getByLabel(/^Security:/).check();
  await expect(record).toBeEnabled();
  await expect(decision.getByText("Tick every check to approve.")).toHaveCount(0);
  // Rejecting needs no ticks.
  await decision.getByLabel(/^Quality:/).uncheck();
  await decision.getByLabel("Reject").check();
  await expect(record).toBeEnabled();
});

test("item 11: each missing item links to its field or tab; the Modules page says what a module requires", async ({ browser }) => {
  const owner = await signedInPage(browser, "pia.partner");
  await owner.goto(`${NEBULA}/manage/review`);
  const missing = owner.getByRole("list", { name: "Missing for review" });
  await missing.getByRole("link", { name: "Add a logo." }).click();
  await expect(owner).toHaveURL(new RegExp(`${NEBULA}/manage#logoUrl$`));
  await expect(owner.getByRole("group", { name: "Logo" }).getByLabel("Logo")).toBeFocused();

  await owner.goto(`${SKYFORGE}/manage/modules`);
  await expect(owner.getByText("Turning it on requires the Releases and downloads module")).toBeVisible();
  await expect(owner.getByText("Before review: at least one project page.")).toBeVisible();
  await expect(owner.getByText("Before review: at least one support link in Settings.")).toBeVisible();
});
