/**
 * Issue 13, "Checks that keep it so": axe on every page the portal-access table visits, as each
 * of its kinds of user, with no violation of any impact (WCAG 2.0/2.1 A and AA, and axe's best
 * practices), and no page scrolling sideways on a 390 px phone.
 * Light theme at 1280 px for everyone; the dark theme (the system's, which the portal follows by
 * default) at 390 px for a visitor, a partner and the Project lead, who between them see every page.
 */
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { expectSignedIn, signInPage } from "./header";
import { ACTORS, pagesOf, type ActorName } from "./portal-table";

const DARK: ActorName[] = ["anonymous", "owner", "projectLead"];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

for (const actorName of Object.keys(ACTORS) as ActorName[]) {
  for (const colorScheme of ["light", "dark"] as const) {
    if (colorScheme === "dark" && !DARK.includes(actorName)) continue;
    const title =
      colorScheme === "light"
        ? `axe finds nothing on the pages ${actorName} visits (light, 1280 px), and none scrolls sideways at 390 px`
        : `axe finds nothing on the pages ${actorName} visits (dark, 390 px)`;
    test(title, async ({ browser }) => {
      test.setTimeout(300_000);
      const context = await browser.newContext({ colorScheme, viewport: colorScheme === "light" ? DESKTOP : PHONE });
      const page = await context.newPage();
      const login = ACTORS[actorName].login;
      if (login) {
        await signInPage(page, login);
        await expectSignedIn(page);
      }
      const violations: string[] = [];
      const wide: string[] = [];
      for (const path of pagesOf(actorName)) {
        await page.goto(path);
        violations.push(...(await axeViolations(page, path)));
        if (colorScheme === "light") {
          await page.setViewportSize(PHONE);
          const { scrollWidth, clientWidth } = await page.evaluate(() => ({
            scrollWidth: document.scrollingElement!.scrollWidth,
            clientWidth: document.scrollingElement!.clientWidth,
          }));
          if (scrollWidth > clientWidth) wide.push(`${path}: ${scrollWidth} px wide at ${clientWidth} px`);
          await page.setViewportSize(DESKTOP);
        }
      }
      await context.close();
      expect.soft(violations).toEqual([]);
      expect.soft(wide).toEqual([]);
    });
  }
}
