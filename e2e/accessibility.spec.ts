/**
 * One crawl per kind of user of the portal-access table (e2e/portal-table.ts) that serves three
 * checks on each page it opens, so each page loads once:
 * - Issue 13, "Checks that keep it so": axe finds no violation of any impact (WCAG 2.0/2.1 A and
 *   AA, and axe's best practices) on every page of the actor's table in the light theme at
 *   1280 px, and no page scrolls sideways on a 390 px phone. For a visitor, a partner and the
 *   Project lead, who between them see every page, axe also runs in the dark theme (the
 *   system's, which the portal follows by default) at 390 px.
 * - Each page sends its client components every message they need (docs/i18n.md): the table's
 *   pages plus the account or sign-up pages and each staff list's first detail page hydrate
 *   without a next-intl MISSING_MESSAGE in the console.
 * e2e/portal-access.spec.ts checks the table's outcomes (ok, 404, sign-in, denied) over HTTP.
 */
import type { Page } from "@playwright/test";
import { axeViolations, preloadAxe } from "./axe";
import { expect, test } from "./fixtures";
import { signedInPage } from "./header";
import { ACTORS, pagesOf, type ActorName } from "./portal-table";

const DARK: ActorName[] = ["anonymous", "owner", "projectLead"];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SIGNED_IN_PAGES = ["/account", "/account/security", "/notifications"];
const ANONYMOUS_PAGES = ["/sign-up", "/forgot-password", "/reset-password?token=not-a-token", "/verify-email?token=not-a-token"];

/** Opens `path` and waits until its scripts have run and the browser is idle: hydrated, so a missing message has been logged. */
async function loaded(page: Page, path: string) {
  await page.goto(path, { waitUntil: "load" });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
}

// No trace: a crawl of thirty pages with axe makes a large one, whose zipping failed on closing the
// context ("file data stream has unexpected number of bytes", microsoft/playwright#41351); a
// failure here lists the pages and rules in its message instead.
test.use({ trace: "off" });

for (const actorName of Object.keys(ACTORS) as ActorName[]) {
  const dark = DARK.includes(actorName);
  test(`the pages ${actorName} visits: axe finds nothing (light, 1280 px${dark ? "; dark, 390 px" : ""}), none scrolls sideways at 390 px, every client message is there`, async ({
    browser,
  }) => {
    // About twenty pages, each hydrated, axe once or twice, and a phone-width look.
    test.setTimeout(420_000);
    const login = ACTORS[actorName].login;
    const options = { colorScheme: "light" as const, viewport: DESKTOP };
    const page = login ? await signedInPage(browser, login, undefined, options) : await (await browser.newContext(options)).newPage();
    await preloadAxe(page);
    const intlErrors: string[] = [];
    page.on("console", (message) => {
      if (/MISSING_MESSAGE|IntlError/.test(message.text())) intlErrors.push(`${page.url()}: ${message.text().split("\n")[0]}`);
    });
    const violations: string[] = [];
    const wide: string[] = [];
    const tablePages = pagesOf(actorName);
    for (const path of [...tablePages, ...(login ? SIGNED_IN_PAGES : ANONYMOUS_PAGES)]) {
      await loaded(page, path);
      if (tablePages.includes(path)) {
        violations.push(...(await axeViolations(page, path)));
        await page.setViewportSize(PHONE);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.scrollingElement!.scrollWidth,
          clientWidth: document.scrollingElement!.clientWidth,
        }));
        if (scrollWidth > clientWidth) wide.push(`${path}: ${scrollWidth} px wide at ${clientWidth} px`);
        if (dark) {
          // The portal follows the system's scheme with CSS alone (app/globals.css): no reload needed.
          await page.emulateMedia({ colorScheme: "dark" });
          expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches), path).toBe(true);
          violations.push(...(await axeViolations(page, `${path} (dark, 390 px)`)));
          await page.emulateMedia({ colorScheme: "light" });
        }
        await page.setViewportSize(DESKTOP);
      }
      // The detail pages of the staff lists (a review, a user) need an id: the first the list links to.
      for (const detail of ["/review/", "/admin/users/"]) {
        const link = page.locator(`main a[href^="${detail}"]`).first();
        if (path === detail.slice(0, -1) && (await link.count())) await loaded(page, (await link.getAttribute("href"))!);
      }
    }
    await page.context().close();
    expect.soft(violations).toEqual([]);
    expect.soft(wide).toEqual([]);
    expect.soft(intlErrors).toEqual([]);
  });
}
