import type { Page } from "@playwright/test";
import axe from "axe-core";

/** What the portal is held to: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Loads axe into every document the page opens from now on, before the page's own scripts (an
 * init script, which the portal's CSP does not apply to). For a crawl that checks page after page:
 * otherwise each check sends axe's half a megabyte of source to the page again.
 */
export async function preloadAxe(page: Page): Promise<void> {
  await page.addInitScript({ content: axe.source });
}

/**
 * axe's violations on the page as it is now, one line each: rule, impact, the elements.
 *
 * axe runs in the page itself (`axe.run`), as @axe-core/playwright's legacy mode did: the portal
 * has no frames, and its default mode opens a second page for every check to assemble results,
 * which made a check about ten times slower (docs/testing.md, "Budget"). Only violations are
 * assembled (`resultTypes`); passes are still computed, just not described.
 */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: { type: "tag", values: tags },
          resultTypes: ["violations"],
        })
      ).violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => node.target.join(" ")) })),
    AXE_TAGS,
  );
  return violations.map(
    ({ id, impact, targets }) =>
      `${where}: ${id} (${impact}) ${targets.slice(0, 4).join(" | ")}${targets.length > 4 ? ` (+${targets.length - 4})` : ""}`,
  );
}
