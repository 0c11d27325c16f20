/**
 * Issue 30, item 13: the team invites and the invitee decides (GitLab's and Modrinth's model),
 * and the team reads as cards on a phone, every Leave and Remove in full view.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signedInPage } from "./header";
import { inviteUlla } from "./team";

const IRONCLAD = "/projects/ironclad-tactics";
/** With PORTAL_DOCS_SCREENSHOTS=1 the changed screens are written to docs/portal/ (docs/portal.md lists them). */
const DOCS = Boolean(process.env.PORTAL_DOCS_SCREENSHOTS);

/** The page at 1280 px (what is in view) and at 390 px (all of it), then back to the page's own size. */
async function docsShots(page: Page, name: string) {
  if (!DOCS) return;
  const size = page.viewportSize()!;
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // A phone's screen holds little: the whole page there, so the cards and the invitations show.
    await page.screenshot({ path: `docs/portal/${name}-${width}-en-light.png`, fullPage: width === 390 });
  }
  await page.setViewportSize(size);
}

test("the team invites; the invitee declines on My projects, then accepts and joins; the team revokes one", async ({ browser }) => {
  // Two people sign in (Argon2) and a dozen pages load: slow on a busy two-core machine.
  test.slow();
  const owner = await signedInPage(browser, "paul.partner");
  await owner.goto(`${IRONCLAD}/manage/team`);
  const waiting = owner.getByRole("list", { name: "Invitations waiting for an answer" });
  await expect(owner.getByText("No invitation is waiting for an answer.")).toBeVisible();

  // Invited, then revoked after a confirmation.
  await inviteUlla(owner, "Tester");
  await expect(waiting.getByRole("listitem").filter({ hasText: "Ulla (User)" })).toContainText("Tester");
  await waiting.getByRole("button", { name: "Revoke the invitation of Ulla (User)" }).click();
  const revoke = owner.getByRole("dialog", { name: "Revoke the invitation of Ulla (User)?" });
  await expect(revoke).toContainText("cannot accept it any more");
  await revoke.getByRole("button", { name: "Revoke invitation" }).click();
  await expect(owner.getByText("The invitation is revoked.")).toBeVisible();
  await expect(owner.getByText("No invitation is waiting for an answer.")).toBeVisible();

  // Invited again; Ulla declines on My projects (after a confirmation).
  await inviteUlla(owner, "Tester");
  const invitee = await signedInPage(browser, "ulla.user");
  await invitee.goto("/my-projects");
  const invitations = invitee.getByRole("list", { name: "Invitations to teams" });
  const ironclad = invitations.getByRole("listitem").filter({ hasText: "Ironclad Tactics" });
  await expect(ironclad).toContainText("Paul (Partner) invites you as Tester");
  await docsShots(invitee, "my-projects-invitation");
  await ironclad.getByRole("button", { name: "Decline the invitation to Ironclad Tactics" }).click();
  const decline = invitee.getByRole("dialog", { name: "Decline the invitation to Ironclad Tactics?" });
  await decline.getByRole("button", { name: "Decline" }).click();
  await expect(invitee.getByText("You declined the invitation to Ironclad Tactics.")).toBeVisible();
  await expect(invitations).toHaveCount(0);
  await owner.reload();
  await expect(owner.getByText("No invitation is waiting for an answer.")).toBeVisible();

  // Invited a third time; she accepts and is on the team with the invited role.
  await inviteUlla(owner, "Tester");
  await expect(waiting.getByRole("listitem").filter({ hasText: "Ulla (User)" })).toBeVisible();
  await docsShots(owner, "manage-team-invitations");
  await invitee.reload();
  await invitations.getByRole("button", { name: "Accept the invitation to Ironclad Tactics" }).click();
  await expect(invitee.getByText("You joined Ironclad Tactics.")).toBeVisible();
  await expect(invitee.getByRole("link", { name: "Ironclad Tactics", exact: true })).toBeVisible();
  await owner.reload();
  await expect(owner.getByRole("row", { name: /@ulla\.user/ })).toContainText("Tester");
  await expect(owner.getByText("No invitation is waiting for an answer.")).toBeVisible();

  // The demo team as before.
  await owner.getByRole("button", { name: "Remove Ulla (User)" }).click();
  await owner.getByRole("dialog", { name: "Remove Ulla (User) from the team?" }).getByRole("button", { name: "Remove" }).click();
  await expect(owner.getByText("The member is removed.")).toBeVisible();
});

test("the team is a list of cards at 390 px: Leave and Remove in full view (no Leave for the only Owner), nothing scrolls sideways", async ({
  browser,
}) => {
  const owner = await signedInPage(browser, "pia.partner");
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.goto("/projects/skyforge-survival/manage/team");
  const main = owner.getByRole("main");
  await expect(main.getByRole("button", { name: "Remove Max (team member)" })).toBeInViewport({ ratio: 1 });
  // The only Owner is offered no Leave (the service refuses it: ownership moves by transfer), as on My projects.
  await expect(main.getByRole("button", { name: "Leave" })).toHaveCount(0);
  // Transfer ownership suggests as the invitation does (its combobox), and only who may own the
  // project: Paul, a partner; not Pia, the Owner, nor Sid, a suspended partner.
  const newOwner = main.getByRole("form", { name: "Transfer ownership" }).getByRole("combobox", { name: "Username of the new Owner" });
  await newOwner.pressSequentially("partner", { delay: 50 });
  const suggestions = owner.getByRole("listbox", { name: "Matching accounts" });
  const paul = suggestions.getByRole("option", { name: /Paul \(Partner\)/ });
  await expect(paul).toBeVisible();
  // Other specs of the run may add partners of their own: the two who may not own it are what counts.
  await expect(suggestions.getByRole("option", { name: /(Pia|Sid) \(/ })).toHaveCount(0);
  await paul.click();
  await expect(newOwner).toHaveValue("paul.partner");
  const member = await signedInPage(browser, "max.member");
  await member.setViewportSize({ width: 390, height: 844 });
  await member.goto("/projects/skyforge-survival/manage/team");
  await expect(member.getByRole("main").getByRole("button", { name: "Leave" })).toBeInViewport({ ratio: 1 });
  // A card per member.
  await expect(owner.getByRole("list", { name: "Team members" }).getByRole("listitem").filter({ hasText: "@max.member" })).toBeVisible();
  // No box inside the page scrolls sideways either (a table that does hides its right end).
  const overflowing = await owner.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter(
        (element) => element.scrollWidth > element.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(element).overflowX),
      )
      .map((element) => element.outerHTML.slice(0, 80)),
  );
  expect(overflowing).toEqual([]);
  expect(await owner.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true);
});
