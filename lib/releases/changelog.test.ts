import { describe, expect, it } from "vitest";
import { renderChangelog } from "./service";

describe("renderChangelog", () => {
  it("moves a changelog's headings below the release's own heading (h3), so the page's headings stay in order", () => {
    const html = renderChangelog("# Island update\n\n## Fixes\n\n#### Small\n\n- Three new islands");
    expect(html).toContain("<h4");
    expect(html).toContain("</h4>");
    expect(html).toContain("<h5");
    expect(html).toContain("<h6");
    expect(html).not.toMatch(/<h[1-3][\s>]/);
    expect(html).toContain("<li>Three new islands</li>");
  });
});
