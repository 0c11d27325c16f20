import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** What the portal is held to: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** axe's violations on the page as it is now, one line each: rule, impact, the elements. */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.impact}) ${violation.nodes
        .slice(0, 4)
        .map((node) => node.target.join(" "))
        .join(" | ")}${violation.nodes.length > 4 ? ` (+${violation.nodes.length - 4})` : ""}`,
  );
}
