import { describe, expect, it } from "vitest";
import { renderChangelog } from "./service";

describe("renderChangelog", () => {
  it("moves a changelog's headings below the release's own heading (h3), so the page's headings stay in order", () => {
    const html = renderChangelog("# Island update\n\n## Fixes\n\n#### Small\n\n- Three new islands");
    // Every heading's level, in order: h1, h2 and h4 move down by three (h6 at the most), none stays above h4.
    expect([...html.matchAll(/<h(\d)[\s>]/g)].map(([, level]) => level)).toEqual(["4", "5", "6"]);
    expect(html).toContain("<h4>Island update</h4>");
    expect(html).toContain("<li>Three new islands</li>");
  });
});
