/**
 * Issue 30, what held the partner's and the user's journeys back after the closing walk, on the
 * demo data (Pia owns Skyforge Survival, published and trusted, so her drafts take files):
 * - "or drop it here" was said twice under every file button (the button's line and the hint);
 * - a release file's sha256 was shown twice right after its upload (the notice and the file list);
 * - a release's editor was about 2,100 px high on a 390 px phone;
 * - a release's file rows did not say where the launcher installs each file, nor for which platforms;
 * - the date of birth was the browser's own date field, "mm/dd/yyyy" on a German page.
 */
import { createHash, randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { drawnLines } from "./layout";
import { apiHeaders } from "./api";
import { axeViolations } from "./axe";
import { expectSignedIn, signInPage, signedInPage } from "./header";

const SKYFORGE = "/projects/skyforge-survival";
/** With PORTAL_DOCS_SCREENSHOTS=1 the default project writes the changed screens to docs/portal/ (docs/portal.md lists them). */
const DOCS = Boolean(process.env.PORTAL_DOCS_SCREENSHOTS);

async function docsShot(page: Page, name: string, fullPage: boolean) {
  if (!DOCS || test.info().project.name !== "default") return;
  await page.screenshot({ path: `docs/portal/${name}.png`, fullPage });
}
const PASSWORD = "correct horse battery staple 42";

/** How often `pattern` occurs in the text of `locator` (a screen reader's too: visually hidden text counts). */
async function occurrences(locator: Locator, pattern: RegExp) {
  return (((await locator.textContent()) ?? "").match(new RegExp(pattern.source, "gi")) ?? []).length;
}

/** A draft release of Skyforge Survival made through the API, with a changelog of a few lines; `remove` deletes it again. */
async function draftRelease(request: APIRequestContext) {
  const headers = await apiHeaders(request, "pia.partner");
  const listed = await request.get("/api/v1/launcher/projects?limit=100");
  const projectId = ((await listed.json()).data as { id: string; slug: string }[]).find(
    (project) => project.slug === "skyforge-survival",
  )!.id;
  const version = `8.${Date.now() % 100000}.${Math.floor(Math.random() * 1000)}`;
  const created = await request.post(`/api/v1/projects/${projectId}/releases`, {
    headers,
    data: {
      version,
      title: "Phone polish",
      channel: "STABLE",
      changelog: "## Changes\n- Faster start\n- **New** maps\n- Fixed the save button\n\nThanks to every tester.",
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as string;
  const url = `/api/v1/projects/${projectId}/releases/${id}`;
  return {
    projectId,
    version,
    editor: `${SKYFORGE}/manage/releases/${id}`,
    api: url,
    attach: async (name: string, bytes: Buffer) => {
      const uploaded = await request.post(`/api/v1/projects/${projectId}/files?name=${name}&kind=SOFTWARE&releaseId=${id}`, {
        headers: { ...headers, "Content-Type": "application/octet-stream" },
        data: bytes,
      });
      expect(uploaded.status()).toBe(201);
    },
    remove: async () => {
      const read = await request.get(url, { headers });
      expect((await request.delete(url, { headers: { ...headers, "If-Match": read.headers().etag! } })).status()).toBe(204);
    },
  };
}

test("'or drop it here' is said once under every file button: pictures and a release's files", async ({ browser, request }) => {
  const release = await draftRelease(request);
  const owner = await signedInPage(browser, "pia.partner");
  await owner.setViewportSize({ width: 390, height: 844 });

  await owner.goto(`${SKYFORGE}/manage`);
  for (const name of ["Logo", "Banner"]) {
    const control = owner.getByRole("group", { name });
    await expect(control.locator("label", { hasText: "Choose a picture" })).toBeVisible();
    expect(await occurrences(control, /drop/), name).toBe(1);
  }

  await owner.goto(release.editor);
  const upload = owner.getByRole("group", { name: `Upload to ${release.version}` });
  await expect(upload.locator("label", { hasText: "Choose a file" })).toBeVisible();
  expect(await occurrences(upload, /drop/)).toBe(1);

  await owner.goto("/account");
  const picture = owner.getByRole("form", { name: "Profile" }).getByRole("group", { name: "Picture" });
  await expect(picture.locator("label", { hasText: "Choose a picture" })).toBeVisible();
  expect(await occurrences(picture, /drop/)).toBe(1);
  await release.remove();
});

test("after an upload the release's editor shows the file's sha256 once, shortened, with a Copy button", async ({ browser, request }) => {
  const release = await draftRelease(request);
  const bytes = randomBytes(64 * 1024);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const owner = await signedInPage(browser, "pia.partner", undefined, { permissions: ["clipboard-read", "clipboard-write"] });
  await owner.goto(release.editor);
  const editor = owner.getByRole("region", { name: `Release ${release.version}` });
  await editor
    .getByRole("group", { name: `Upload to ${release.version}` })
    .getByLabel("File")
    .setInputFiles({ name: "polish.bin", mimeType: "application/octet-stream", buffer: bytes });
  await expect(editor.getByText("polish.bin is uploaded")).toBeVisible({ timeout: 30_000 });
  await expect(editor.getByRole("listitem").filter({ hasText: "polish.bin" })).toBeVisible();
  // Once: the file list's shortened checksum; the notice names the file and its size only.
  expect(await occurrences(editor, new RegExp(sha256.slice(0, 12)))).toBe(1);
  expect(await occurrences(editor, new RegExp(sha256))).toBe(0);
  await editor.getByRole("button", { name: "Copy the sha256 of polish.bin" }).click();
  // While it says "Copied", that is its name too (a spoken name holds the words on the button, WCAG 2.5.3).
  await expect(editor.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await axeViolations(owner, "a release's editor after Copy")).toEqual([]);
  expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(sha256);
  await release.remove();
});

test("a release's editor is compact on a 390 px phone, and every part of it is still there", async ({ browser, request }) => {
  const release = await draftRelease(request);
  await release.attach("polish-one.bin", randomBytes(4096));
  await release.attach("polish-two.zip.bin", randomBytes(4096));
  const owner = await signedInPage(browser, "pia.partner");
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.goto(release.editor);
  const editor = owner.getByRole("region", { name: `Release ${release.version}` });
  await expect(editor.getByRole("listitem").filter({ hasText: "polish-two.zip.bin" })).toBeVisible();
  await expect(editor.getByRole("button", { name: "Publish" })).toBeVisible();
  const height = (await editor.boundingBox())!.height;
  expect(height, `the editor is ${Math.round(height)} px high`).toBeLessThan(1400);
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await docsShot(owner, "manage-release-editor-390-en-light", true);
  expect(await axeViolations(owner, "a release's editor, 390 px")).toEqual([]);

  // Every part is still there, a Tab and an Enter away: the text and changelog with its preview ...
  const form = editor.getByRole("form", { name: `Edit release ${release.version}` });
  await expect(form.getByLabel("Title")).toBeHidden();
  await editor.getByText("Version, title and changelog").click();
  await expect(form.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "Changes" })).toBeVisible();
  await form.getByLabel("Title").fill("Phone polish, edited");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("The release is saved.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Changelog" })).toHaveValue(/Faster start/);
  // ... and the upload with the launcher's install path and platforms.
  const upload = editor.getByRole("group", { name: `Upload to ${release.version}` });
  const options = upload.getByText("Install path and platforms", { exact: true });
  await options.click();
  await upload.getByLabel("Install path").fill("bin/polish-three.bin");
  await upload.getByLabel("Linux x64").check();
  await upload
    .getByLabel("File")
    .setInputFiles({ name: "polish-three.bin", mimeType: "application/octet-stream", buffer: randomBytes(2048) });
  await expect(editor.getByText("polish-three.bin is uploaded")).toBeVisible({ timeout: 30_000 });
  await expect(editor.getByRole("listitem").filter({ hasText: "polish-three.bin" })).toBeVisible();
  const stored = (await (await owner.request.get(release.api)).json()).files as { name: string; path: string; platforms: string[] }[];
  expect(stored.find((file) => file.name === "polish-three.bin")).toMatchObject({ path: "bin/polish-three.bin", platforms: ["linux-x64"] });
  // Each file's row says where the launcher installs it and for which platforms (final walk, finding 3).
  const three = editor.getByRole("listitem").filter({ hasText: "polish-three.bin" });
  await expect(three).toContainText("Installed as bin/polish-three.bin");
  await expect(three).toContainText("Linux x64");
  const one = editor.getByRole("listitem").filter({ hasText: "polish-one.bin" });
  await expect(one).toContainText("Installed as polish-one.bin");
  await expect(one).toContainText("All platforms");
  // At 1280 px nothing is folded: the text and the launcher options show without a summary.
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.reload();
  await expect(editor.getByText("Version, title and changelog")).toBeHidden();
  await expect(form.getByLabel("Title")).toBeVisible();
  await expect(upload.getByLabel("Install path")).toBeVisible();
  expect(await axeViolations(owner, "a release's editor, 1280 px")).toEqual([]);
  await release.remove();
});

/** A new account in `language`, signed in from a browser reading `locale`, on its profile at 390 px. */
async function profileOf(browser: Browser, request: APIRequestContext, language: "de" | "en", locale: string) {
  const username = `dob${language}${Date.now().toString(36)}`;
  const registered = await request.post("/api/v1/auth/register", {
    data: { username, email: `${username}@example.test`, password: PASSWORD, displayName: "Dora Datum", language },
  });
  expect(registered.status()).toBe(201);
  const page = await (await browser.newContext({ locale, viewport: { width: 390, height: 844 } })).newPage();
  await signInPage(page, username, PASSWORD);
  await expectSignedIn(page);
  await page.goto("/account");
  return page;
}

/** The labels of the fields of `group` (the date of birth: day, month, year), in the order they stand. */
async function fieldLabels(group: Locator) {
  return group
    .locator("input, select")
    .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).labels?.[0]?.textContent));
}

test("the date of birth follows the page's language: Tag, Monat, Jahr in German, with checks in German @keyboard", async ({
  browser,
  request,
}) => {
  const page = await profileOf(browser, request, "de", "de-DE");
  const profil = page.getByRole("form", { name: "Profil" });
  // The picture's drop hint, said once in German too.
  expect(await occurrences(profil.getByRole("group", { name: "Bild" }), /hierher/)).toBe(1);

  const birth = profil.getByRole("group", { name: "Geburtsdatum" });
  await expect(birth.locator('input[type="date"]')).toHaveCount(0);
  await expect(birth.locator("input, select")).toHaveCount(3);
  expect(await fieldLabels(birth)).toEqual(["Tag", "Monat", "Jahr"]);
  await expect(birth.getByLabel("Tag")).toHaveAttribute("placeholder", "TT");
  await expect(birth.getByLabel("Jahr")).toHaveAttribute("placeholder", "JJJJ");
  await expect(birth.getByLabel("Monat").locator("option").nth(5)).toHaveText("Mai");
  await expect(birth).not.toContainText(/mm|dd|yyyy/i);
  expect(await axeViolations(page, "the German profile, 390 px")).toEqual([]);
  const box = (await birth.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);

  // A day the month does not have, and a date left half-done, are named in German at the field.
  await birth.getByLabel("Tag").fill("31");
  await birth.getByLabel("Monat").selectOption({ label: "Februar" });
  await birth.getByLabel("Jahr").fill("2000");
  await profil.getByRole("button", { name: "Profil speichern" }).click();
  await expect(birth.getByText("Den 31. gibt es in diesem Monat nicht.")).toBeVisible();
  await birth.getByLabel("Jahr").fill("");
  await expect(birth.getByText("Gib Tag, Monat und Jahr an – oder lass alle drei leer.")).toBeVisible();

  await birth.getByLabel("Tag").fill("17");
  await birth.getByLabel("Monat").selectOption({ label: "Mai" });
  await birth.getByLabel("Jahr").fill("2000");
  await expect(birth.getByText("Gib Tag, Monat und Jahr an – oder lass alle drei leer.")).toBeHidden();
  await profil.getByRole("button", { name: "Profil speichern" }).click();
  await expect(profil.getByText("Dein Profil ist gespeichert.")).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await birth.scrollIntoViewIfNeeded();
  await docsShot(page, "account-birth-390-de-light", false);
  // Stored as before: the API's dateOfBirth is the ISO day.
  expect((await (await page.request.get("/api/v1/users/me")).json()).dateOfBirth).toBe("2000-05-17");
  await page.reload();
  const after = page.getByRole("form", { name: "Profil" }).getByRole("group", { name: "Geburtsdatum" });
  await expect(after.getByLabel("Tag")).toHaveValue("17");
  await expect(after.getByLabel("Monat")).toHaveValue("5");
  await expect(after.getByLabel("Jahr")).toHaveValue("2000");
});

test("the date of birth in English: month, day and year in the language's order, and emptied again", async ({ browser, request }) => {
  const page = await profileOf(browser, request, "en", "en-US");
  const profile = page.getByRole("form", { name: "Profile" });
  const birth = profile.getByRole("group", { name: "Date of birth" });
  await expect(birth.locator('input[type="date"]')).toHaveCount(0);
  expect(await fieldLabels(birth)).toEqual(["Month", "Day", "Year"]);
  await birth.getByLabel("Month").selectOption({ label: "December" });
  await birth.getByLabel("Day").fill("3");
  await birth.getByLabel("Year").fill("1999");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Your profile is saved.")).toBeVisible();
  expect((await (await page.request.get("/api/v1/users/me")).json()).dateOfBirth).toBe("1999-12-03");

  // A date in the future is the schema's own check, in the page's words.
  await birth.getByLabel("Year").fill(String(new Date().getFullYear() + 1));
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(birth.getByText("The date cannot be in the future.")).toBeVisible();
  // All three emptied: no date of birth.
  await birth.getByLabel("Month").selectOption({ label: "—" });
  await birth.getByLabel("Day").fill("");
  await birth.getByLabel("Year").fill("");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Your profile is saved.")).toBeVisible();
  expect((await (await page.request.get("/api/v1/users/me")).json()).dateOfBirth).toBeNull();
});

/** The words of `locator`'s text made of letters only that are drawn on more than one line (a word broken inside). */
async function brokenWords(locator: Locator) {
  return locator.evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? "").matchAll(/\p{L}+/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

test("partner re-walk: on a German phone the upload's notice wraps between words, never inside one", async ({ browser, request }) => {
  const release = await draftRelease(request);
  const owner = await signedInPage(browser, "pia.partner", undefined, { locale: "de-DE", viewport: { width: 390, height: 844 } });
  await owner.goto(release.editor);
  const editor = owner.getByRole("region", { name: `Release ${release.version}` });
  await editor
    .getByRole("group", { name: `Zu ${release.version} hochladen` })
    .getByLabel("Datei")
    .setInputFiles({ name: "walk-harbor-client.zip.bin", mimeType: "application/octet-stream", buffer: randomBytes(300 * 1024) });
  const notice = editor.getByText("walk-harbor-client.zip.bin ist hochgeladen (300 KiB).");
  await expect(notice).toBeVisible({ timeout: 30_000 });
  // "hochge⏎laden" before: the notice broke anywhere (for the long file name), the German words too.
  expect(await brokenWords(notice)).toEqual([]);
  await release.remove();
});

test("partner re-walk: the Files tab lists each file with its sha256 shortened and Copy: the name on one line at 1280 px, nothing sideways at 390 px", async ({
  browser,
  request,
}) => {
  const release = await draftRelease(request);
  const bytes = randomBytes(4096);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const name = "walk-harbor-client.zip.bin";
  await release.attach(name, bytes);
  const owner = await signedInPage(browser, "pia.partner", undefined, { permissions: ["clipboard-read", "clipboard-write"] });
  await owner.goto(`${SKYFORGE}/manage/files`);
  const row = owner.getByRole("listitem").filter({ hasText: name }).filter({ hasText: release.version });
  const link = row.getByRole("link", { name });
  await expect(link).toBeVisible();
  // A table of seven columns left the name some 80 px: "walk-harbor⏎-client.zip.b⏎in".
  expect(await drawnLines(link), "lines the file name is drawn on").toBe(1);
  await expect(row).toContainText(`sha256 ${sha256.slice(0, 12)}…`);
  await expect(row).not.toContainText(sha256);
  await expect(row).toContainText(`Release ${release.version}`);
  await expect(row).toContainText("Installed as walk-harbor-client.zip.bin");
  expect(await axeViolations(owner, "the Files tab, 1280 px")).toEqual([]);
  await row.getByRole("button", { name: `Copy the sha256 of ${name}` }).click();
  expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(sha256);

  // On a phone nothing on the tab scrolls sideways, the page nor a box in it (the table did, inside its box).
  await owner.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByRole("button", { name: `Copy the sha256 of ${name}` })).toBeVisible();
  const sideways = await owner
    .getByRole("main")
    .evaluate(
      (main) =>
        [main, ...main.querySelectorAll("*")].filter(
          (element) => element.scrollWidth > element.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(element).overflowX),
        ).length,
    );
  expect(sideways, "boxes that scroll sideways").toBe(0);
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await release.remove();
});

test("partner re-walk: on a German phone the Releases table fits without scrolling sideways, a version broken only at its hyphen", async ({
  browser,
}) => {
  const owner = await signedInPage(browser, "pia.partner", undefined, { locale: "de-DE", viewport: { width: 390, height: 844 } });
  await owner.goto(`${SKYFORGE}/manage/releases`);
  const table = owner.getByRole("region", { name: "Releases dieses Projekts" });
  await expect(table.getByRole("link", { name: "1.1.0-beta.1" })).toBeVisible();
  // The Downloads column lay beyond the edge, and "1.1.0-b⏎eta.1" broke inside a word.
  expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth), "pixels the table scrolls sideways").toBeLessThanOrEqual(1);
  expect(await brokenWords(table.getByRole("link", { name: "1.1.0-beta.1" }))).toEqual([]);
});
