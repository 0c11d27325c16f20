import { describe, expect, it } from "vitest";
import { contentEtag, ifNoneMatchHits } from "./etag";

describe("If-None-Match (RFC 9110 section 13.1.2)", () => {
  it.each([
    ['"v3"', '"v3"', true],
    ['"v3"', '"v4"', false],
    ["*", '"v3"', true],
    [' "a", "v3" ,"b"', '"v3"', true],
    ['"a","b"', '"v3"', false],
    // Weak comparison: a W/ prefix on either side is ignored.
    ['W/"v3"', '"v3"', true],
    ['"v3"', 'W/"v3"', true],
    ['"v3', '"v3"', false],
    ["", '"v3"', false],
    ['"a,b", "c"', '"a,b"', true],
  ])("%s against %s: %s", (header, etag, hits) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hits);
  });

  it("never hits without the header", () => {
    expect(ifNoneMatchHits(null, '"v3"')).toBe(false);
  });
});

describe("the ETag of an answer without a version", () => {
  it("is a strong validator of its bytes", () => {
    expect(contentEtag('{"a":1}')).toMatch(/^"h[\w-]{22}"$/);
    expect(contentEtag('{"a":1}')).toBe(contentEtag(Buffer.from('{"a":1}')));
    expect(contentEtag('{"a":1}')).not.toBe(contentEtag('{"a":2}'));
  });
});
