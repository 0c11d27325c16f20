/**
 * Issue 13, "Checks that keep it so": the portal's main journeys driven by the keyboard alone
 * (Tab, Shift+Tab, Enter, Space, Escape), with a visible focus ring on every control the focus
 * lands on along the way.
 */
import { expect, test } from "./fixtures";
import { expectSignedIn } from "./header";
import { expectFocusRing, tabTo } from "./keyboard-driver";
import { DEMO_PASSWORD } from "./portal-table";

test("sign in, both header menus, a confirmation cancelled with Escape, the language switch and sign-out, by keyboard alone", async ({
  page,
}) => {
  // About 300 key presses, each checked in the page: the longest journey by far on a slow machine.
  test.slow();
  // The skip link comes first, then the header's links: "Sign in" leads to the form.
  await page.goto("/");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await expectFocusRing(page);
  await tabTo(page, page.getByRole("banner").getByRole("link", { name: "Sign in" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sign-in/);
  const login = page.getByLabel("E-mail or username");
  await tabTo(page, login);
  await page.keyboard.type("lena.lead");
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await expectSignedIn(page);
  await expect(page).toHaveURL(/\/review$/);

  // The staff menu: Space opens it, Tab walks into its links, Escape closes it and gives the focus back.
  const banner = page.getByRole("banner");
  const staffMenu = banner.getByRole("button", { name: "Staff" });
  await tabTo(page, staffMenu);
  await page.keyboard.press("Space");
  await expect(staffMenu).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(banner.getByRole("link", { name: "Review" })).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press("Escape");
  await expect(staffMenu).toHaveAttribute("aria-expanded", "false");
  await expect(staffMenu).toBeFocused();
  // Enter opens it again; Enter on one of its links follows it.
  await page.keyboard.press("Enter");
  await expect(staffMenu).toHaveAttribute("aria-expanded", "true");
  await tabTo(page, banner.getByRole("link", { name: "Users" }), { max: 5 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/users$/);

  // A user's page, then a sensitive action's confirmation, cancelled with Escape: the focus returns to its button.
  const search = page.getByRole("searchbox", { name: "Name or e-mail" });
  await tabTo(page, search);
  await page.keyboard.type("ulla.user");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=ulla.user/);
  const ulla = page.getByRole("table").getByRole("link", { name: "Ulla (User)" });
  await tabTo(page, ulla);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Ulla (User) (@ulla.user)" })).toBeVisible();
  const suspend = page.getByRole("button", { name: "Suspend account…" });
  await tabTo(page, suspend);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Suspend @ulla.user?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Reason (required)")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(suspend).toBeFocused();
  await expect(page.getByText("This account is suspended")).toHaveCount(0);
  // Shift+Tab walks back the same way.
  await tabTo(page, page.getByRole("button", { name: "Save changes" }), { back: true });

  // The language switch in the footer: Enter on "Deutsch" turns the page German, and back.
  await tabTo(page, page.getByRole("contentinfo").getByRole("button", { name: "Deutsch" }), { max: 150 });
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("button", { name: "Konto sperren…" })).toBeVisible();
  const english = page.getByRole("contentinfo").getByRole("button", { name: "English" });
  await tabTo(page, english, { back: true, max: 5 });
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // The account menu: Enter opens it, Escape closes it, then Enter again and Tab to "Sign out".
  const accountMenu = banner.getByRole("button", { name: /^Account menu of/ });
  await tabTo(page, accountMenu, { back: true, max: 150 });
  await page.keyboard.press("Enter");
  await expect(accountMenu).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(accountMenu).toHaveAttribute("aria-expanded", "false");
  await expect(accountMenu).toBeFocused();
  await page.keyboard.press("Enter");
  await tabTo(page, banner.getByRole("button", { name: "Sign out" }), { max: 12 });
  await page.keyboard.press("Enter");
  await expect(banner.getByRole("link", { name: "Sign in" })).toBeVisible();
});
