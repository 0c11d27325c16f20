import type { Locator } from "@playwright/test";

/** How many lines an element's text is drawn on (the distinct tops of its text's boxes): 1 when nothing wraps inside it. */
export async function drawnLines(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}
