import { describe, expect, it } from "vitest";
import { BadRequest, ValidationFailed } from "../errors";
import { assertNoNul, MAX_JSON_DEPTH, parseClientJson } from "./client-input";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequest);
    return (error as BadRequest).code;
  }
}

describe("parseClientJson", () => {
  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    expect(codeOf(() => parseClientJson(nested(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(codeOf(() => parseClientJson(nested(MAX_JSON_DEPTH + 1)))).toBe("too_deep");
    expect(codeOf(() => parseClientJson(`${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${"}".repeat(MAX_JSON_DEPTH + 1)}`))).toBe("too_deep");
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ note: `[[[{{{"\\${"[".repeat(100)}`, list: [["x"]] });
    expect(parseClientJson(text)).toEqual(JSON.parse(text));
  });

  it("counts depth, not brackets: many siblings are fine", () => {
    expect(codeOf(() => parseClientJson(JSON.stringify(Array.from({ length: 5_000 }, () => [{}]))))).toBeUndefined();
  });

  it("refuses deep text before parsing it, even when it is not valid JSON", () => {
    expect(codeOf(() => parseClientJson('{"a":'.repeat(5_000)))).toBe("too_deep");
    expect(codeOf(() => parseClientJson("{"))).toBe("malformed_json");
  });
});

describe("assertNoNul", () => {
  it("walks any depth without recursion", () => {
    let value: unknown = "ok";
    for (let level = 0; level < 100_000; level++) value = { a: [value] };
    expect(() => assertNoNul(value)).not.toThrow();
  });

  it("names the first NUL field in document order, keys included", () => {
    const failure = (value: unknown) => {
      try {
        assertNoNul(value);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationFailed);
        return (error as ValidationFailed).errors;
      }
    };
    expect(failure({ a: "fine", b: ["x", { c: "n\u0000" }], d: "\u0000" })).toEqual([
      { path: "b.1.c", message: expect.stringMatching(/NUL/) },
    ]);
    expect(failure({ "ke\u0000y": "x" })).toEqual([{ path: "ke\u0000y", message: expect.stringMatching(/NUL/) }]);
  });
});
