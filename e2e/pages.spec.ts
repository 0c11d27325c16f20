/**
 * Project pages, announcements and support links in the portal, on the demo data: Pia owns
 * Skyforge Survival (published, PUBLIC, with the content modules on); Max is its Moderator.
 */
import { expect, test } from "./fixtures";
import { signedInPage } from "./header";

const SKYFORGE = "/projects/skyforge-survival";

const HOSTILE = [
  "# Island lore",
  "",
  "The **sky** islands drift.",
  "",
  "<script>window.__xss = 'script'</script>",
  "<img src=x onerror=\"window.__xss = 'onerror'\">",
  "<svg onload=\"window.__xss = 'svg'\"></svg>",
  "<iframe src=\"javascript:window.__xss = 'iframe'\"></iframe>",
  "",
  "[click me](javascript:window.__xss='link')",
].join("\n");

test("a page with a script tag renders safely on the public page; an announcement reaches the page and a member's notifications", async ({
  browser,
  keyboardOnly,
}) => {
  // Three people's browsers and four pages written and read: longer than one form.
  test.slow();
  const stamp = Date.now().toString(36);
  const owner = await signedInPage(browser, "pia.partner");
  const dialogs: string[] = [];

  // Write the page: the live preview renders through the same sanitizer.
  await owner.goto(`${SKYFORGE}/manage/pages`);
  await expect(owner.getByRole("link", { name: "Getting started" })).toBeVisible();
  await owner.getByRole("link", { name: "New page" }).click();
  const editor = owner.getByRole("form", { name: "New page" });
  await editor.getByLabel("Title").fill("Lore");
  await editor.getByLabel("Address").fill(`lore-${stamp}`);
  await editor.getByLabel("Order").fill("5");
  // The text area keeps its border and fills its column (a caller's class is added to the control's, not put in their place).
  const text = editor.getByLabel("Text (Markdown)");
  expect(await text.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
  const [area, column] = await Promise.all([text.boundingBox(), text.locator("..").boundingBox()]);
  expect(area!.width).toBeGreaterThan(column!.width - 2);
  await text.fill(HOSTILE);
  const preview = owner.getByTestId("markdown-preview");
  await expect(preview.getByRole("heading", { name: "Island lore" })).toBeVisible();
  await expect(preview.locator("script, img, svg, iframe")).toHaveCount(0);
  await editor.getByRole("button", { name: "Create page" }).click();
  await expect(owner.getByText("The page is saved.")).toBeVisible();
  await expect(owner).toHaveURL(new RegExp(`/manage/pages/lore-${stamp}`));

  // A visitor finds it on the project page and reads it: nothing of the script runs.
  const visitor = await (await browser.newContext()).newPage();
  visitor.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await visitor.goto(SKYFORGE);
  await expect(visitor.getByRole("link", { name: "Patreon (opens in a new tab)" })).toHaveAttribute(
    "href",
    "https://www.patreon.com/skyforge-demo",
  );
  await visitor.getByRole("navigation", { name: "Project pages" }).getByRole("link", { name: "Lore" }).click();
  await expect(visitor).toHaveURL(new RegExp(`${SKYFORGE}/pages/lore-${stamp}$`));
  await expect(visitor.getByRole("heading", { name: "Island lore" })).toBeVisible();
  await expect(visitor.locator(".markdown strong")).toHaveText("sky");
  await expect(visitor.locator(".markdown").locator("script, img, svg, iframe")).toHaveCount(0);
  const link = visitor.locator(".markdown").getByText("click me");
  await expect(link).toBeVisible();
  expect(await link.evaluate((element) => element.closest("a")?.getAttribute("href") ?? null)).toBeNull();
  // A mouse user can click it; for the keyboard it is no link at all (no href, above): Tab passes it by.
  if (!keyboardOnly) await link.click();
  expect(await visitor.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);

  // Post an announcement: the visitor sees it on the project page, the Moderator gets a notification.
  const title = `Patch ${stamp}`;
  await owner.goto(`${SKYFORGE}/manage/messages`);
  const form = owner.getByRole("form", { name: "New announcement" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Announcement (Markdown)").fill("Faster **island** loading.");
  await form.getByRole("button", { name: "Post announcement" }).click();
  await expect(owner.getByText("The announcement is posted.")).toBeVisible();

  await visitor.goto(SKYFORGE);
  const announcements = visitor.getByRole("region", { name: "Announcements" });
  await expect(announcements.getByText(title)).toBeVisible();
  await expect(announcements.locator("strong", { hasText: "island" })).toBeVisible();

  const member = await signedInPage(browser, "max.member");
  await member.goto("/notifications");
  await expect(member.getByRole("list", { name: "Notifications" }).getByText(`Skyforge Survival: ${title}`)).toBeVisible();

  // Delete it, after a confirmation; it leaves the project page.
  await owner.getByRole("button", { name: `Delete the announcement "${title}"` }).click();
  await owner
    .getByRole("dialog", { name: `Delete the announcement “${title}”?` })
    .getByRole("button", { name: "Delete announcement" })
    .click();
  await expect(owner.getByText("The announcement is deleted.")).toBeVisible();
  await visitor.goto(SKYFORGE);
  await expect(visitor.getByText(title)).toHaveCount(0);
});

test("with the modules off their sections, tabs and pages are gone, and their data comes back with them", async ({ browser }) => {
  const owner = await signedInPage(browser, "pia.partner");
  await owner.goto(`${SKYFORGE}/manage/modules`);
  const modules = owner.getByRole("form", { name: /modules/i });
  for (const name of ["Project pages", "Announcements", "Creator support"]) await modules.getByLabel(name).uncheck();
  await modules.getByRole("button", { name: /save/i }).click();
  await expect(modules.getByRole("status")).toHaveText("Modules are saved.");

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(SKYFORGE);
  await expect(visitor.getByRole("heading", { name: "Skyforge Survival" })).toBeVisible();
  await expect(visitor.getByRole("navigation", { name: "Project pages" })).toHaveCount(0);
  await expect(visitor.getByRole("region", { name: "Announcements" })).toHaveCount(0);
  await expect(visitor.getByText("Support the creators")).toHaveCount(0);
  expect((await visitor.goto(`${SKYFORGE}/pages/getting-started`))!.status()).toBe(404);
  expect((await visitor.request.get(`${SKYFORGE}/pages/getting-started`)).status()).toBe(404);
  await owner.goto(`${SKYFORGE}/manage/settings`);
  await expect(owner.getByRole("link", { name: "Pages", exact: true })).toHaveCount(0);
  expect((await owner.goto(`${SKYFORGE}/manage/pages`))!.status()).toBe(404);

  await owner.goto(`${SKYFORGE}/manage/modules`);
  for (const name of ["Project pages", "Announcements", "Creator support"]) await modules.getByLabel(name).check();
  await modules.getByRole("button", { name: /save/i }).click();
  await expect(modules.getByRole("status")).toHaveText("Modules are saved.");
  await visitor.goto(`${SKYFORGE}/pages/getting-started`);
  await expect(visitor.getByRole("heading", { name: "Getting started" })).toBeVisible();
});
