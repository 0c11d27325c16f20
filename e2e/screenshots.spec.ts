/**
 * Issue 13, "Checks that keep it so": screenshots of the main pages at 1280 and 390 px, in English
 * and German, light and dark, saved under test-results/screenshots for a reviewer to look at
 * (not compared). docs/portal.md shows a few of them (see there how to refresh those).
 */
import { expect, test } from "./fixtures";
import { expectSignedIn, signInPage } from "./header";

/** Who is signed in for which pages: the Project lead sees all but their own teams (they are on none). */
const SHOTS = [
  {
    login: "lena.lead",
    pages: [
      ["home", "/"],
      ["directory", "/projects"],
      ["project", "/projects/skyforge-survival"],
      ["manage-team", "/projects/skyforge-survival/manage/team"],
      ["review-queue", "/review"],
      ["account", "/account"],
      ["account-security", "/account/security"],
      ["admin-users", "/admin/users"],
      ["admin-audit", "/admin/audit"],
    ],
  },
  {
    login: "pia.partner",
    pages: [
      ["my-projects", "/my-projects"],
      ["manage-releases", "/projects/skyforge-survival/manage/releases"],
      ["manage-modules", "/projects/skyforge-survival/manage/modules"],
      ["manage-review", "/projects/nebula-racing-league/manage/review"],
      ["new-project", "/projects/new"],
      // The images, where the submission checklist's link to the logo leads.
      ["manage-presentation", "/projects/skyforge-survival/manage#logoUrl"],
      ["manage-page-editor", "/projects/skyforge-survival/manage/pages/getting-started"],
      ["manage-announcements", "/projects/skyforge-survival/manage/messages"],
    ],
  },
] as const;
const WIDTHS = [
  [1280, 800],
  [390, 844],
] as const;
const SCREENSHOTS = "test-results/screenshots";
/**
 * With PORTAL_DOCS_SCREENSHOTS=1 the shots docs/portal.md shows are written to docs/portal/ as
 * well (the visible part of the page only, to keep them small): page, width, language, theme.
 */
const DOCS: readonly string[] = process.env.PORTAL_DOCS_SCREENSHOTS
  ? [
      "home-1280-en-light",
      "project-1280-de-dark",
      "manage-team-1280-en-dark",
      "admin-users-1280-de-light",
      "review-queue-390-en-dark",
      "project-390-de-light",
      "account-390-en-light",
      "directory-390-de-dark",
      "directory-1280-en-light",
      "account-security-1280-de-light",
      "my-projects-1280-en-light",
      "review-queue-1280-de-dark",
      "manage-releases-1280-en-light",
      "manage-releases-390-en-light",
      "manage-review-1280-en-light",
      "manage-review-390-en-light",
      "manage-modules-1280-en-dark",
      "manage-modules-390-en-dark",
      "new-project-1280-en-light",
      "new-project-390-de-light",
      "manage-presentation-1280-en-light",
      "manage-presentation-390-en-light",
      "manage-page-editor-1280-en-light",
      "manage-page-editor-390-de-dark",
      "manage-announcements-1280-de-light",
      "manage-announcements-390-en-dark",
      "admin-audit-1280-en-light",
      "admin-audit-390-en-light",
      "admin-audit-1280-de-dark",
    ]
  : [];

for (const locale of ["en", "de"] as const) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`screenshots of the main pages (${locale}, ${colorScheme})`, async ({ browser }) => {
      test.setTimeout(240_000);
      for (const { login, pages } of SHOTS) {
        const context = await browser.newContext({ colorScheme, locale: locale === "de" ? "de-DE" : "en-US" });
        const page = await context.newPage();
        // A signed-in user's language is their setting, changed here with the footer's switch (and
        // changed back at the end).
        await signInPage(page, login);
        await expectSignedIn(page);
        const footer = page.getByRole("contentinfo");
        try {
          if (locale === "de") {
            await footer.getByRole("button", { name: "Deutsch" }).click();
            await expect(page.locator("html")).toHaveAttribute("lang", "de");
          }
          for (const [width, height] of WIDTHS) {
            await page.setViewportSize({ width, height });
            for (const [name, path] of pages) {
              await page.goto(path);
              await expect(page.locator("html")).toHaveAttribute("lang", locale);
              // A link to a field: the page has scrolled it into view once the field has the focus.
              const field = path.split("#")[1];
              if (field) await expect(page.locator(`#${field}`)).toBeFocused();
              const shot = `${name}-${width}-${locale}-${colorScheme}`;
              await page.screenshot({ path: `${SCREENSHOTS}/${shot}.png`, fullPage: true, animations: "disabled" });
              if (DOCS.includes(shot)) await page.screenshot({ path: `docs/portal/${shot}.png`, animations: "disabled" });
            }
          }
        } finally {
          if (locale === "de") {
            await footer.getByRole("button", { name: "English" }).click();
            await expect(page.locator("html")).toHaveAttribute("lang", "en");
          }
          await context.close();
        }
      }
    });
  }
}
