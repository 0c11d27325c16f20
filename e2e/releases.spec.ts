/**
 * Releases in the portal, on the demo data (Pia owns Skyforge Survival, DOWNLOADS and LAUNCHER on):
 * create a release, upload a file while the progress bar shows, publish, download it as an
 * anonymous visitor and compare its sha256; the launcher manifest lists it.
 */
import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { signedInPage } from "./header";

const SKYFORGE = "/projects/skyforge-survival";

test("create a release, upload with progress, publish, download anonymously with the same sha256, listed in the manifest @keyboard", async ({
  browser,
}) => {
  const version = `5.0.${Date.now() % 100000}`;
  const bytes = randomBytes(6 * 1024 * 1024);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const owner = await signedInPage(browser, "pia.partner");
  owner.on("dialog", (dialog) => void dialog.accept());

  await owner.goto(`${SKYFORGE}/manage/releases`);
  const form = owner.getByRole("form", { name: "New release" });
  await form.getByLabel("Version").fill(version);
  await form.getByLabel("Title").fill("Browser test release");
  // The preview is the project page's renderer (marked + sanitize-html, on the server): real
  // Markdown, links kept with rel=nofollow, raw HTML that could run or load anything dropped.
  await form
    .getByRole("textbox", { name: "Changelog" })
    .fill(
      '# Notes\n- **Bold** change\n- See [the notes](https://example.org/notes)\n\n<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>\n[bad](javascript:window.__xss=3)',
    );
  await form.getByRole("tab", { name: "Preview" }).click();
  const preview = form.getByLabel("Changelog preview");
  await expect(preview.getByRole("heading", { name: "Notes" })).toBeVisible();
  await expect(preview.locator("strong", { hasText: "Bold" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "the notes" })).toHaveAttribute("href", "https://example.org/notes");
  await expect(preview.getByRole("link", { name: "the notes" })).toHaveAttribute("rel", /nofollow/);
  await expect(preview.locator("img, script, [onerror]")).toHaveCount(0);
  await expect(preview.locator('a[href^="javascript"]')).toHaveCount(0);
  expect(await owner.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await form.getByRole("button", { name: "Create draft release" }).click();
  await expect(owner.getByText(`Release ${version} is created as a draft.`)).toBeVisible();

  const release = owner.getByRole("listitem", { name: `Release ${version}` });
  await expect(release.getByText("Draft", { exact: true })).toBeVisible();
  // A slow uplink, so the progress bar is seen moving.
  const cdp = await owner.context().newCDPSession(owner);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await release.getByLabel("File").setInputFiles({ name: "browser-test.bin", mimeType: "application/octet-stream", buffer: bytes });
  await release.getByRole("button", { name: `Upload to ${version}` }).click();
  const progress = release.getByRole("progressbar", { name: "Upload progress" });
  await expect(progress).toBeVisible();
  await expect(release.getByText(/Uploading… \d+%/)).toBeVisible();
  await expect(release.getByText(`sha256 ${sha256}`).first()).toBeVisible({ timeout: 30_000 });
  await expect(progress).toBeHidden();
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await release.getByRole("button", { name: "Publish" }).click();
  await owner
    .getByRole("dialog", { name: `Publish ${version}?` })
    .getByRole("button", { name: "Publish" })
    .click();
  await expect(owner.getByText("The release is published.")).toBeVisible();
  await expect(release.getByText("Published", { exact: true })).toBeVisible();

  // An anonymous visitor downloads it from the project page.
  const visitor = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await visitor.goto(SKYFORGE);
  const current = visitor.getByRole("region", { name: "Downloads" }).getByLabel(`Stable ${version}`);
  await expect(current.getByText(`sha256 ${sha256}`)).toBeVisible();
  await expect(current.getByRole("heading", { name: "Notes" })).toBeVisible();
  await expect(current.getByRole("link", { name: "the notes" })).toHaveAttribute("href", "https://example.org/notes");
  await expect(current.locator("img, script")).toHaveCount(0);
  const [download] = await Promise.all([
    visitor.waitForEvent("download"),
    current.getByRole("link", { name: "Download browser-test.bin" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("browser-test.bin");
  const saved = await readFile((await download.path())!);
  expect(createHash("sha256").update(saved).digest("hex")).toBe(sha256);

  // The launcher manifest offers it as the current version, with the same sha256.
  const projects = await visitor.request.get("/api/v1/launcher/projects?limit=100");
  const skyforge = ((await projects.json()).data as { id: string; slug: string; currentVersion: string }[]).find(
    (project) => project.slug === "skyforge-survival",
  )!;
  expect(skyforge.currentVersion).toBe(version);
  const manifest = await (await visitor.request.get(`/api/v1/launcher/projects/${skyforge.id}/manifest`)).json();
  expect(manifest.current.version).toBe(version);
  expect(manifest.current.files).toEqual([expect.objectContaining({ name: "browser-test.bin", size: bytes.length, sha256 })]);
});
