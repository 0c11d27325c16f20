/**
 * Releases in the portal, on the demo data (Pia owns Skyforge Survival, DOWNLOADS and LAUNCHER on;
 * Tom is a Team lead, a reviewer): the reviewer lifts the project's trust, so its releases go
 * through release review (issue 25); Pia creates a release, uploads a file while the progress bar
 * shows and submits it; the reviewer approves it on the release review page; an anonymous visitor
 * downloads it and compares its sha256; the launcher manifest lists it. Trust is given back at the end.
 */
import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signedInPage } from "./header";

const SKYFORGE = "/projects/skyforge-survival";

/** Flips the trust switch on the project review page, with a reason and the confirmation. */
async function setTrust(reviewer: Page, projectId: string, trusted: boolean, reason: string) {
  await reviewer.goto(`/review/${projectId}`);
  const trust = reviewer.getByTestId("trust-switch");
  const button = trusted ? "Mark as trusted" : "Lift trust";
  await expect(trust.getByText(trusted ? "Not trusted: its releases go through release review." : "Trusted.")).toBeVisible();
  await trust.getByLabel("Reason (required, kept in the audit log)").fill(reason);
  await trust.getByRole("button", { name: button }).click();
  await reviewer
    .getByRole("dialog", { name: trusted ? "Mark this project as trusted?" : "Lift this project's trust?" })
    .getByRole("button", { name: button })
    .click();
  await expect(trust.getByText(trusted ? "Trusted." : "Not trusted: its releases go through release review.")).toBeVisible();
  await expect(trust.getByText(`Last reason: ${reason}`)).toBeVisible();
}

test("create a release, upload with progress, submit, a reviewer approves, download anonymously with the same sha256, listed in the manifest @keyboard", async ({
  browser,
}) => {
  // A long journey: three times the project's timeout (the keyboard project's is twice the default's).
  test.slow();
  const version = `5.0.${Date.now() % 100000}`;
  const bytes = randomBytes(6 * 1024 * 1024);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const reviewer = await signedInPage(browser, "tom.teamlead");
  const listed = await reviewer.request.get("/api/v1/launcher/projects?limit=100");
  const projectId = ((await listed.json()).data as { id: string; slug: string }[]).find(
    (project) => project.slug === "skyforge-survival",
  )!.id;
  await setTrust(reviewer, projectId, false, "Release review for the browser test");

  const owner = await signedInPage(browser, "pia.partner");
  owner.on("dialog", (dialog) => void dialog.accept());

  await owner.goto(`${SKYFORGE}/manage/releases`);
  await owner.getByRole("button", { name: "New release" }).click();
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
  // The Markdown editor of pages and announcements: its toolbar, and the preview beside the text as it is typed.
  await expect(form.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  const preview = form.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Notes" })).toBeVisible();
  await expect(preview.locator("strong", { hasText: "Bold" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "the notes" })).toHaveAttribute("href", "https://example.org/notes");
  await expect(preview.getByRole("link", { name: "the notes" })).toHaveAttribute("rel", /nofollow/);
  await expect(preview.locator("img, script, [onerror]")).toHaveCount(0);
  await expect(preview.locator('a[href^="javascript"]')).toHaveCount(0);
  expect(await owner.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await form.getByRole("button", { name: "Create draft release" }).click();
  await expect(owner.getByText(`Release ${version} is created as a draft.`)).toBeVisible();

  // The new release opens in its editor (its card is named after it).
  const release = owner.getByRole("region", { name: `Release ${version}` });
  await expect(release.getByText("Draft", { exact: true })).toBeVisible();
  // A slow uplink, so the progress bar is seen moving.
  const cdp = await owner.context().newCDPSession(owner);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  // Where the launcher installs it, and for which platforms (launcher v2); then the file, uploaded as
  // soon as it is picked (as pictures are: our own button, no second Upload button).
  await release.getByLabel("Install path").fill("bin/browser-test.bin");
  await release.getByLabel("Linux x64").check();
  const upload = release.getByRole("group", { name: `Upload to ${version}` });
  await expect(upload.locator("label", { hasText: "Choose a file" })).toBeVisible();
  await expect(upload.getByRole("button", { name: /Upload/ })).toHaveCount(0);
  await upload.getByLabel("File").setInputFiles({ name: "browser-test.bin", mimeType: "application/octet-stream", buffer: bytes });
  const progress = release.getByRole("progressbar", { name: "Upload progress" });
  await expect(progress).toBeVisible();
  await expect(release.getByText(/Uploading… \d+%/)).toBeVisible();
  // The editor shows the checksum once, shortened (its Copy button takes all of it); the project page shows it whole.
  await expect(release.getByText(`sha256 ${sha256.slice(0, 12)}…`)).toBeVisible({ timeout: 30_000 });
  await expect(progress).toBeHidden();
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // Not trusted: no Publish, but a submission to release review; the files then freeze.
  await expect(release.getByRole("button", { name: "Publish" })).toHaveCount(0);
  await release.getByRole("button", { name: "Submit for review" }).click();
  await owner
    .getByRole("dialog", { name: `Submit release ${version} for review?` })
    .getByRole("button", { name: "Submit for review" })
    .click();
  await expect(owner.getByText("The release is submitted for review.")).toBeVisible();
  await expect(release.getByText("In review", { exact: true })).toBeVisible();
  await expect(release.getByRole("group", { name: `Upload to ${version}` })).toHaveCount(0);

  // The reviewer finds it in the queue's Releases tab, checks its file and approves it.
  await reviewer.goto("/review?kind=RELEASE");
  await reviewer.getByRole("link", { name: `Skyforge Survival ${version}` }).click();
  await expect(reviewer.getByRole("heading", { name: `Release review: Skyforge Survival ${version}` })).toBeVisible();
  await expect(reviewer.getByTestId("release-review-files")).toContainText(sha256);
  const decision = reviewer.getByRole("form", { name: "Decision" });
  await decision.getByRole("checkbox", { name: "Quality: the release works as described, its changelog and files match" }).check();
  await decision.getByRole("checkbox", { name: "Security: the files are free of malware and do nothing players would not expect" }).check();
  await decision.getByRole("button", { name: "Record decision" }).click();
  await expect(reviewer.getByText("Approved: the release is published.")).toBeVisible();

  await owner.reload();
  await expect(release.getByText("Published", { exact: true })).toBeVisible();
  // The Releases tab's table shows it too.
  await owner.getByRole("link", { name: "All releases" }).click();
  await expect(
    owner.getByRole("table", { name: "Releases of this project" }).getByRole("row", { name: new RegExp(version) }),
  ).toContainText("Published");

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
  expect(manifest.current.files).toEqual([
    expect.objectContaining({
      name: "browser-test.bin",
      size: bytes.length,
      sha256,
      path: "bin/browser-test.bin",
      platforms: ["linux-x64"],
    }),
  ]);

  await setTrust(reviewer, projectId, true, "A long-standing partner studio");
});
