import { expect, test } from "./fixtures";
import { signedInPage } from "./header";
import { apiHeaders, projectInReview } from "./api";
import { axeViolations } from "./axe";

// Issue 30, the final walk: while a project is in review its reviewed content is locked (docs/review.md).
// The locked forms showed editable fields and refused only on Save, and the lock banner filled a phone's
// first screen on every tab.

test("in review the locked forms are read-only with the reason, the banner is one line on a phone; withdrawing unlocks them @keyboard", async ({
  browser,
  request,
}) => {
  const headers = await apiHeaders(request, "paul.partner");
  const project = await projectInReview(request, headers, {
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
  expect(await axeViolations(partner, "the locked presentation at 390 px")).toEqual([]);

  // Settings: the same.
  await partner.goto(`${manage}/settings`);
  const settings = partner.getByRole("form", { name: "Settings" });
  await expect(settings.getByLabel("Contact e-mail of the team")).toBeDisabled();
  await expect(settings.getByRole("radio").first()).toBeDisabled();
  await expect(settings.getByRole("button", { name: "Save settings" })).toHaveCount(0);
  await expect(settings.getByTestId("form-locked")).toBeVisible();

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
});
