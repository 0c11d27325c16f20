import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signedInPage } from "./header";
import { projectInReview } from "./api";
import { axeViolations } from "./axe";
import { dropImage } from "./images";

// Issue 30, the final walk: while a project is in review its reviewed content is locked (docs/review.md).
// The locked forms showed editable fields and refused only on Save, and the lock banner filled a phone's
// first screen on every tab. The pages editor, Releases and Files followed later, and a picture dropped on
// a locked image control was still sent (and refused by the server).

/** How a field looks: its background, text colour and pointer. */
async function fieldLook(field: Locator) {
  return field.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, color: style.color, cursor: style.cursor };
  });
}

/** Whether the page sends anything but a read (a server action, an upload) within a second. */
async function sendsWithinASecond(page: Page): Promise<boolean> {
  return page
    .waitForRequest((request) => request.method() !== "GET", { timeout: 1_000 })
    .then(
      () => true,
      () => false,
    );
}

test("in review the locked forms are read-only with the reason, the banner is one line on a phone; withdrawing unlocks them @keyboard", async ({
  browser,
  request,
}) => {
  const { project } = await projectInReview(request, "paul.partner", {
    name: `Read-only ${Date.now().toString(36)}`,
    description: "A project whose forms wait, read-only, while the platform team reviews it.",
    logoUrl: "https://cdn.example/read-only.png",
  });
  const manage = `/projects/${project.slug}/manage`;
  const partner = await signedInPage(browser, "paul.partner");
  await partner.setViewportSize({ width: 390, height: 844 });
  await partner.goto(manage);

  // The banner: one line with the action; what is locked behind the disclosure.
  const banner = partner.getByTestId("review-lock");
  await expect(banner).toContainText("Locked during review");
  await expect(banner.getByRole("button", { name: "Withdraw submission" })).toBeVisible();
  const height = (await banner.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
  expect(height).toBeLessThan(120);
  const details = banner.getByText(/The platform team is reviewing this project/);
  await expect(details).toBeHidden();
  await banner.locator("summary", { hasText: "What is locked?" }).click();
  await expect(details).toBeVisible();

  // Presentation and images: disabled, no Save, the reason shown.
  const presentation = partner.getByRole("form", { name: "Presentation" });
  await expect(presentation.getByLabel("Description")).toBeDisabled();
  await expect(presentation.getByLabel("Name")).toBeDisabled();
  await expect(presentation.getByRole("button", { name: "Save presentation" })).toHaveCount(0);
  await expect(presentation.getByTestId("form-locked")).toHaveText(/^Locked during review: .*Withdraw the submission/);
  await expect(partner.getByRole("button", { name: "Remove logo" })).toBeDisabled();
  // A locked field looks it: not the white box with dark text an editable one is (the re-walk found them alike).
  const lockedLook = await fieldLook(presentation.getByLabel("Description"));
  expect(lockedLook.cursor).toBe("not-allowed");
  expect(await axeViolations(partner, "the locked presentation at 390 px")).toEqual([]);

  // Settings: the same.
  await partner.goto(`${manage}/settings`);
  const settings = partner.getByRole("form", { name: "Settings" });
  await expect(settings.getByLabel("Contact e-mail of the team")).toBeDisabled();
  await expect(settings.getByRole("radio").first()).toBeDisabled();
  await expect(settings.getByRole("button", { name: "Save settings" })).toHaveCount(0);
  await expect(settings.getByTestId("form-locked")).toBeVisible();

  // The Review tab has its own Withdraw submission: the banner there does not offer it a second time.
  await partner.goto(`${manage}/review`);
  await expect(banner).toContainText("Locked during review");
  await expect(partner.getByRole("button", { name: "Withdraw submission" })).toHaveCount(1);
  await expect(banner.getByRole("button", { name: "Withdraw submission" })).toHaveCount(0);

  // The team is no reviewed content: inviting stays open during review.
  await partner.goto(`${manage}/team`);
  const invite = partner.getByRole("form", { name: "Invite to the team" });
  await expect(invite.getByRole("button", { name: "Send invitation" })).toBeEnabled();
  await expect(invite.getByTestId("form-locked")).toHaveCount(0);

  // Withdrawing unlocks the forms on the page at hand.
  await partner.goto(`${manage}/settings`);
  await banner.getByRole("button", { name: "Withdraw submission" }).click();
  await partner.getByRole("dialog", { name: "Withdraw the submission?" }).getByRole("button", { name: "Withdraw submission" }).click();
  await expect(banner).toHaveCount(0);
  await expect(settings.getByLabel("Contact e-mail of the team")).toBeEnabled();
  await expect(settings.getByRole("button", { name: "Save settings" })).toBeVisible();
  await expect(settings.getByTestId("form-locked")).toHaveCount(0);
  await partner.goto(manage);
  await expect(presentation.getByLabel("Description")).toBeEnabled();
  await expect(presentation.getByRole("button", { name: "Save presentation" })).toBeVisible();
  const editableLook = await fieldLook(presentation.getByLabel("Description"));
  expect(lockedLook.background, "the locked field's background").not.toBe(editableLook.background);
  expect(lockedLook.color, "the locked field's text").not.toBe(editableLook.color);
});

test("in review the pages editor, Releases and Files are read-only with the reason too, and a picture dropped on a locked control is not sent", async ({
  browser,
  request,
}) => {
  const { project, headers } = await projectInReview(
    request,
    "paul.partner",
    {
      name: `Read-only content ${Date.now().toString(36)}`,
      description: "A project whose pages, releases and files wait, read-only, while the platform team reviews it.",
      logoUrl: "https://cdn.example/read-only-content.png",
      modules: ["PROJECT_PAGES", "DOWNLOADS"],
    },
    async ({ id }, headers) => {
      const page = await request.post(`/api/v1/projects/${id}/pages`, {
        headers,
        data: { slug: "rules", title: "Rules", body: "# Rules\n\nBe kind to each other.", position: 0 },
      });
      expect(page.status()).toBe(201);
      const release = await request.post(`/api/v1/projects/${id}/releases`, {
        headers,
        data: { version: "1.0.0", title: "First light", channel: "STABLE", changelog: "- The first release" },
      });
      expect(release.status()).toBe(201);
      const releaseId = (await release.json()).id;
      const file = await request.post(`/api/v1/projects/${id}/files?name=client.bin&kind=SOFTWARE&releaseId=${releaseId}`, {
        headers: { ...headers, "Content-Type": "application/octet-stream" },
        data: Buffer.from("the client"),
      });
      expect(file.status()).toBe(201);
    },
  );
  const manage = `/projects/${project.slug}/manage`;
  const partner = await signedInPage(browser, "paul.partner");
  const main = partner.getByRole("main");
  const reason = /^Locked during review: .*Withdraw the submission/;

  // A picture dropped on the locked logo control: nothing is sent, and the control shows itself disabled.
  await partner.goto(manage);
  const logo = partner.getByRole("group", { name: "Logo" });
  await expect(logo.getByLabel("Logo")).toBeDisabled();
  await expect(logo.locator("label", { hasText: "Choose a picture" })).toHaveCSS("cursor", "not-allowed");
  const sent = sendsWithinASecond(partner);
  await dropImage(partner, 'role=group[name="Logo"]', "logo.png");
  expect(await sent, "a request after the drop").toBe(false);
  await expect(logo.getByRole("status")).toHaveCount(0);

  // Pages: no New page; a page opens read-only: no Save, no Delete, the reason instead.
  await partner.goto(`${manage}/pages`);
  await expect(main.getByRole("link", { name: "New page" })).toHaveCount(0);
  await expect(main.getByTestId("form-locked")).toHaveText(reason);
  await main.getByRole("link", { name: "Rules" }).click();
  const editor = partner.getByRole("form", { name: "Edit page" });
  await expect(editor.getByLabel("Title")).toBeDisabled();
  await expect(editor.getByRole("textbox", { name: "Text (Markdown)" })).toBeDisabled();
  await expect(editor.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "Rules" })).toBeVisible();
  await expect(editor.getByRole("button", { name: "Save page" })).toHaveCount(0);
  await expect(editor.getByRole("button", { name: "Delete page" })).toHaveCount(0);
  // The Markdown toolbar is out of use too, and looks it.
  const bold = editor.getByRole("button", { name: /^Bold/ });
  await expect(bold).toBeDisabled();
  expect(Number(await bold.evaluate((button) => getComputedStyle(button).opacity))).toBeLessThan(1);
  await expect(editor.getByTestId("form-locked")).toHaveText(reason);
  await partner.goto(`${manage}/pages/new`);
  await expect(main.getByLabel("Title")).toBeDisabled();
  await expect(main.getByRole("button", { name: "Create page" })).toHaveCount(0);

  // Releases: no New release; the release's editor offers none of its moves, its text read-only, no upload.
  await partner.goto(`${manage}/releases`);
  await expect(main.getByRole("button", { name: "New release" })).toHaveCount(0);
  await expect(main.getByTestId("form-locked")).toHaveText(reason);
  await main.getByRole("link", { name: "1.0.0" }).click();
  const release = partner.getByRole("region", { name: "Release 1.0.0" });
  await expect(release.getByRole("listitem").filter({ hasText: "client.bin" })).toContainText("Installed as client.bin");
  for (const name of ["Submit for review", "Publish", "Delete", "Back to draft", "Yank"])
    await expect(release.getByRole("button", { name, exact: true })).toHaveCount(0);
  const text = release.getByRole("form", { name: "Edit release 1.0.0" });
  await expect(text.getByLabel("Title")).toBeDisabled();
  await expect(text.getByRole("textbox", { name: "Changelog" })).toBeDisabled();
  await expect(text.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expect(release.getByRole("group", { name: "Upload to 1.0.0" })).toHaveCount(0);
  await expect(release.getByTestId("form-locked").first()).toHaveText(reason);
  // Reading stays: the checksum's Copy.
  await expect(release.getByRole("button", { name: "Copy the sha256 of client.bin" })).toBeEnabled();

  // Files: no upload, no Delete; the file still downloads.
  await partner.goto(`${manage}/files`);
  await expect(main.getByRole("group", { name: "Upload file" })).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Delete client.bin" })).toHaveCount(0);
  await expect(main.getByTestId("form-locked").first()).toHaveText(reason);
  await expect(main.getByRole("link", { name: "client.bin" })).toHaveAttribute("href", /\/download$/);
  expect(await axeViolations(partner, "the locked files tab")).toEqual([]);

  // Withdrawn, the files come and go again: the upload is back, and Delete asks and deletes.
  const withdrawn = await request.post(`/api/v1/projects/${project.id}/status`, { headers, data: { status: "DRAFT" } });
  expect(withdrawn.status()).toBe(200);
  await partner.reload();
  await expect(main.getByRole("group", { name: "Upload file" })).toBeVisible();
  await expect(main.getByTestId("form-locked")).toHaveCount(0);
  await main.getByRole("button", { name: "Delete client.bin" }).click();
  await partner.getByRole("dialog", { name: "Delete client.bin?" }).getByRole("button", { name: "Delete file" }).click();
  await expect(main.getByText("The file is deleted.")).toBeVisible();
  await expect(main.getByRole("link", { name: "client.bin" })).toHaveCount(0);

  // A new release of a project without trust goes to review: the form says so, not "then publish it".
  await partner.goto(`${manage}/releases`);
  await main.getByRole("button", { name: "New release" }).click();
  await expect(
    main.getByText("A release starts as a draft that only the team sees. Attach its files, then submit it for review."),
  ).toBeVisible();
});
