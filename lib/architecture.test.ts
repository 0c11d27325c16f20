import { describe, expect, it } from "vitest";
import { describeCycles, folderGraph, importGraph, type Graph } from "./architecture";

// The layering is in docs/architecture.md: imports point down, never back into a folder that
// imports yours. These tests read the real imports of lib/ with the TypeScript compiler.

const files = importGraph();
const folders = folderGraph(files);

describe("the import graph of lib/", () => {
  it("is read from the real imports (import, import type, re-exports, dynamic import)", () => {
    const synthetic: Graph = new Map([
      ["lib/a/x.ts", new Set(["lib/b/y.ts"])],
      ["lib/b/y.ts", new Set(["lib/a/z.ts"])],
      ["lib/a/z.ts", new Set<string>()],
    ]);
    expect(describeCycles(synthetic)).toEqual([]);
    expect(describeCycles(folderGraph(synthetic))).toEqual(["{lib/a, lib/b}; for example lib/a -> lib/b -> lib/a"]);
    // one real edge of each kind, so a parser that misses a kind fails here
    expect(files.get("lib/http/route.ts")).toContain("lib/http/problem.ts"); // import
    expect(files.get("lib/audit-log/record.ts")).toContain("lib/db/client.ts"); // import type
    expect(files.get("lib/permissions/index.ts")).toContain("lib/permissions/status.ts"); // export * from
    expect(files.get("lib/db/embedded.ts")).toContain("lib/db/migrations/apply.ts"); // await import()
    expect([...files.keys()].length).toBeGreaterThan(50);
  });

  it("has no circle between files", () => {
    expect(describeCycles(files)).toEqual([]);
  });

  it("has no circle between lib/ folders", () => {
    expect(describeCycles(folders)).toEqual([]);
  });
});

// Server actions live in app/ ("use server" modules); a page imports them and hands them to its
// client components as props, so components/ never import from app/ (docs/architecture.md).
describe("components/", () => {
  const intoApp = importGraph("components", ["app"]);

  it("is read from the real imports of .ts and .tsx files", () => {
    const own = importGraph("components");
    expect(own.get("components/account/profile-form.tsx")).toContain("components/forms/use-action-form.ts");
    expect(intoApp.has("components/site-header.tsx")).toBe(true);
  });

  it("never imports from app/: a page passes server actions down as props", () => {
    expect(
      [...intoApp].filter(([, targets]) => targets.size > 0).map(([file, targets]) => `${file} -> ${[...targets].join(", ")}`),
    ).toEqual([]);
  });
});
