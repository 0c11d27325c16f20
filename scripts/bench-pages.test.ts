// BENCH_PAGES, the benchmark's filter of its portal pages (bench/pages.ts, docs/performance.md).
import { describe, expect, it } from "vitest";
import { PAGES, pagesToMeasure } from "../bench/pages";

describe("BENCH_PAGES", () => {
  it("measures every page when unset or empty", () => {
    expect(pagesToMeasure(undefined)).toEqual(PAGES);
    expect(pagesToMeasure("")).toEqual(PAGES);
  });

  it("measures only the named pages, in the benchmark's order", () => {
    expect(pagesToMeasure("my-projects, directory").map((page) => page.target)).toEqual(["/projects", "/my-projects"]);
    expect(pagesToMeasure("ping-signed-in").map((page) => [page.target, page.signedIn])).toEqual([["/ping", true]]);
  });

  it("refuses a name it does not know, instead of measuring nothing", () => {
    expect(() => pagesToMeasure("directory,my-project")).toThrow(/no page named my-project \(the pages: directory, search/);
  });

  it("gives every page its own name", () => {
    expect(new Set(PAGES.map((page) => page.name)).size).toBe(PAGES.length);
  });
});
