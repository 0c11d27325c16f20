import { expect, test } from "./fixtures";
import { signedInPage } from "./header";
import { projectInReview } from "./api";

// Review integrity (DESIGN §8.2): what players see is what the platform team approved.

test("a partner changes a published project, the change is on the Changes tab, a reviewer sees before and after and acknowledges it", async ({
  browser,
}) => {
  const added = `Now with a weekly league ${Date.now().toString(36)}.`;
  const partner = await signedInPage(browser, "paul.partner");
  await partner.goto("/projects/ironclad-tactics/manage");
  const description = partner.getByLabel("Description");
  // The form fills its fields once it is hydrated: read the description only after that.
  await expect(description).not.toHaveValue("");
  const before = await description.inputValue();
  await description.fill(`${before} ${added}`);
  await partner.getByRole("button", { name: "Save presentation" }).click();
  await expect(partner.getByText("The presentation is saved.")).toBeVisible();
  // The team sees what the platform team will see.
  await partner.goto("/projects/ironclad-tactics/manage/review");
  await expect(partner.getByTestId("review-diff")).toContainText(added);

  const reviewer = await signedInPage(browser, "tom.teamlead");
  await reviewer.goto("/review");
  await reviewer.getByRole("link", { name: "Changes", exact: true }).click();
  await expect(reviewer).toHaveURL(/kind=CHANGE/);
  await reviewer.getByRole("link", { name: "Ironclad Tactics" }).click();
  const diff = reviewer.getByTestId("review-diff");
  const change = diff.getByTestId("review-change").filter({ hasText: "Description" });
  await expect(change.locator("del")).toHaveText(before);
  await expect(change.locator("ins")).toContainText(added);

  await diff.getByRole("button", { name: "Acknowledge changes" }).click();
  const dialog = reviewer.getByRole("dialog", { name: "Acknowledge these changes?" });
  await dialog.getByLabel("Internal note (optional, for the platform team only)").fill("Looked at the new text.");
  await dialog.getByRole("button", { name: "Acknowledge changes" }).click();
  await expect(reviewer.getByText("Changes acknowledged: the project is off the change list.")).toBeVisible();
  await expect(diff.getByTestId("review-change")).toHaveCount(0);
  await expect(diff.getByRole("button", { name: "Acknowledge changes" })).toHaveCount(0);

  await reviewer.goto("/review?kind=CHANGE");
  await expect(reviewer.getByRole("link", { name: "Ironclad Tactics" })).toHaveCount(0);
});

test("an edit sent from a page opened before the submission is refused with a clear message; the lock banner offers to withdraw", async ({
  browser,
  request,
}) => {
  const name = `Locked ${Date.now().toString(36)}`;
  // The form was opened while the project was a draft; the submission comes from elsewhere.
  const partner = await signedInPage(browser, "paul.partner");
  const { project, headers } = await projectInReview(
    request,
    "paul.partner",
    {
      name,
      description: "A project that waits for its review while the team tries to edit it.",
      logoUrl: "https://cdn.example/locked.png",
    },
    async ({ slug }) => {
      await partner.goto(`/projects/${slug}/manage`);
      await expect(partner.getByLabel("Description")).toBeEnabled();
    },
  );
  await partner.getByLabel("Description").fill("Changed while the platform team reads it.");
  await partner.getByRole("button", { name: "Save presentation" }).click();
  await expect(partner.getByText(/The project is in review: its reviewed content is locked/)).toBeVisible();
  const stored = await (await request.get(`/api/v1/projects/${project.id}`, { headers })).json();
  expect(stored.description).toBe("A project that waits for its review while the team tries to edit it.");
  // Read again, the page shows the lock up front (e2e/review-lock.spec.ts has the read-only forms).
  await partner.reload();
  const banner = partner.getByTestId("review-lock");
  await expect(banner).toContainText("Locked during review");
  await expect(partner.getByLabel("Description")).toBeDisabled();

  // The Review tab names the same act with the same words as the banner (the closing walk of issue 30
  // found "Withdraw from review" there), once: there the banner leaves it to the tab (the partner re-walk).
  await partner.goto(`/projects/${project.slug}/manage/review`);
  await expect(partner.getByTestId("review-lock")).toContainText("Locked during review");
  await expect(partner.getByRole("button", { name: "Withdraw submission" })).toHaveCount(1);
  await expect(partner.getByRole("button", { name: /Withdraw from review/ })).toHaveCount(0);
  await partner.goto(`/projects/${project.slug}/manage`);
  await banner.getByRole("button", { name: "Withdraw submission" }).click();
  await partner.getByRole("dialog", { name: "Withdraw the submission?" }).getByRole("button", { name: "Withdraw submission" }).click();
  await expect(partner.getByTestId("review-lock")).toHaveCount(0);
  // The form is read again: withdrawing raised the project's version.
  await partner.reload();
  await partner.getByLabel("Description").fill("Changed after withdrawing the submission.");
  await partner.getByRole("button", { name: "Save presentation" }).click();
  await expect(partner.getByText("The presentation is saved.")).toBeVisible();
});
