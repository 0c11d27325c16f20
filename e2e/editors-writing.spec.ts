/**
 * Issue 30, item 15 (the editors; the times are e2e/…'s): a slug follows the title until the
 * user edits it (a new project, a new page); the Markdown editor has a toolbar with keyboard
 * shortcuts that formats around the selection and keeps the focus in the text; announcements have
 * the page editor's server-rendered preview and can be edited.
 * On the demo data: Pia owns Skyforge Survival (with pages and announcements on); Paul is a partner.
 */
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signedInPage } from "./header";

const SKYFORGE = "/projects/skyforge-survival";

/** Selects `text` inside a text area (its last occurrence), as a user's drag would. */
async function select(area: Locator, text: string) {
  await area.evaluate((element, text) => {
    const field = element as HTMLTextAreaElement;
    const start = field.value.lastIndexOf(text);
    field.focus();
    field.setSelectionRange(start, start + text.length);
  }, text);
}

test("item 15: a slug follows the title until the user edits it, on a new project and a new page", async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const paul = await signedInPage(browser, "paul.partner");
  await paul.goto("/projects/new");
  const form = paul.getByRole("form", { name: "New project" });
  const address = form.getByLabel("Address", { exact: true });
  await form.getByLabel("Project name").fill(`Starlight Harbor ${stamp}`);
  await expect(address).toHaveValue(`starlight-harbor-${stamp}`);
  await form.getByLabel("Project name").fill(`Größte Bucht ${stamp}`);
  await expect(address).toHaveValue(`grosste-bucht-${stamp}`);
  // Once edited by hand, the address stays as the user wrote it.
  await address.fill(`harbor-${stamp}`);
  await form.getByLabel("Project name").fill(`Starlight Harbor ${stamp}`);
  await expect(address).toHaveValue(`harbor-${stamp}`);
  await form.getByLabel("Game", { exact: true }).fill("Minecraft");
  await form.getByLabel("Category", { exact: true }).fill("Server");
  await form.getByRole("button", { name: "Create project" }).click();
  await expect(paul).toHaveURL(new RegExp(`/projects/harbor-${stamp}/manage`));

  const pia = await signedInPage(browser, "pia.partner");
  await pia.goto(`${SKYFORGE}/manage/pages/new`);
  const editor = pia.getByRole("form", { name: "New page" });
  await editor.getByLabel("Title").fill("Patch Notes: Winter Update");
  await expect(editor.getByLabel("Address")).toHaveValue("patch-notes-winter-update");
  await editor.getByLabel("Address").fill(`winter-${stamp}`);
  await editor.getByLabel("Title").fill("Patch notes");
  await expect(editor.getByLabel("Address")).toHaveValue(`winter-${stamp}`);
});

test("item 15: the Markdown toolbar formats around the selection, with Ctrl+B/I/K, and keeps the focus in the text @keyboard", async ({
  browser,
  keyboardOnly,
}) => {
  const pia = await signedInPage(browser, "pia.partner");
  await pia.goto(`${SKYFORGE}/manage/pages/new`);
  const editor = pia.getByRole("form", { name: "New page" });
  const text = editor.getByLabel("Text (Markdown)");
  const toolbar = editor.getByRole("toolbar", { name: "Formatting" });
  for (const name of ["Bold", "Italic", "Heading", "Link", "Bulleted list", "Code", "Quote"]) {
    await expect(toolbar.getByRole("button", { name })).toBeVisible();
  }

  await text.fill("Islands drift");
  await select(text, "drift");
  await pia.keyboard.press("Control+b");
  await expect(text).toHaveValue("Islands **drift**");
  await expect(text).toBeFocused();
  await select(text, "Islands");
  await pia.keyboard.press("Control+i");
  await expect(text).toHaveValue("_Islands_ **drift**");
  await text.press("End");
  await text.pressSequentially(" see docs");
  await select(text, "docs");
  await pia.keyboard.press("Control+k");
  // The address is selected: typing replaces it.
  await pia.keyboard.type("https://example.org");
  await expect(text).toHaveValue("_Islands_ **drift** see [docs](https://example.org)");
  await expect(text).toBeFocused();

  // The toolbar is one stop for Tab (arrows move inside it); its buttons act on the text and give the focus back.
  await text.press("End");
  await text.press("Enter");
  await text.pressSequentially("Quoted line");
  await pia.keyboard.press("Shift+Tab");
  await expect(toolbar.getByRole("button", { name: "Bold" })).toBeFocused();
  await pia.keyboard.press("End");
  await expect(toolbar.getByRole("button", { name: "Quote" })).toBeFocused();
  await pia.keyboard.press("Enter");
  await expect(text).toHaveValue("_Islands_ **drift** see [docs](https://example.org)\n> Quoted line");
  await expect(text).toBeFocused();
  if (!keyboardOnly) {
    await select(text, "Quoted");
    await toolbar.getByRole("button", { name: "Code" }).click();
    await expect(text).toHaveValue("_Islands_ **drift** see [docs](https://example.org)\n> `Quoted` line");
    await expect(text).toBeFocused();
  }

  // The preview shows what the visitors will get.
  const preview = pia.getByTestId("markdown-preview");
  await expect(preview.locator("strong")).toHaveText("drift");
  await expect(preview.locator("em")).toHaveText("Islands");
  await expect(preview.getByRole("link", { name: "docs" })).toHaveAttribute("href", "https://example.org");
  await expect(preview.locator("blockquote")).toContainText("Quoted line");
});

test("item 15: an announcement is written with a preview and can be edited afterwards", async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const title = `Winter ${stamp}`;
  const pia = await signedInPage(browser, "pia.partner");
  await pia.goto(`${SKYFORGE}/manage/messages`);
  const form = pia.getByRole("form", { name: "New announcement" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Announcement (Markdown)").fill("The **winter** update is out.");
  await expect(form.getByTestId("markdown-preview").locator("strong")).toHaveText("winter");
  await expect(form.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  await form.getByRole("button", { name: "Post announcement" }).click();
  await expect(pia.getByText("The announcement is posted.")).toBeVisible();

  await pia.getByRole("button", { name: `Edit the announcement "${title}"` }).click();
  const edit = pia.getByRole("form", { name: `Edit the announcement "${title}"` });
  await expect(edit.getByLabel("Title")).toHaveValue(title);
  await expect(edit.getByLabel("Announcement (Markdown)")).toHaveValue("The **winter** update is out.");
  await edit.getByLabel("Title").fill(`${title} (fixed)`);
  await edit.getByLabel("Announcement (Markdown)").fill("The _winter_ update is out, with snow.");
  await expect(edit.getByTestId("markdown-preview").locator("em")).toHaveText("winter");
  await edit.getByRole("button", { name: "Save announcement" }).click();
  await expect(pia.getByText("The announcement is saved.")).toBeVisible();
  const posted = pia.getByRole("region", { name: "Posted announcements" });
  await expect(posted.getByText(`${title} (fixed)`)).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(SKYFORGE);
  const announcements = visitor.getByRole("region", { name: "Announcements" });
  await expect(announcements.getByText(`${title} (fixed)`)).toBeVisible();
  await expect(announcements.getByText("with snow")).toBeVisible();
});
