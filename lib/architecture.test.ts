import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { clientBundles, describeCycles, describeUpwardImports, folderGraph, importGraph, LAYERS, type Graph } from "./architecture";

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

// The layer table (LAYERS in lib/architecture.ts, the table of docs/architecture.md): imports
// point to the same layer or a lower one; inside a layer the circle tests above decide.
describe("the layers of lib/", () => {
  it("place every lib/ folder and every file directly in lib/", () => {
    const present = fs
      .readdirSync(import.meta.dirname, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)))
      .map((entry) => `lib/${entry.name}`);
    expect(present.filter((folder) => !(folder in LAYERS))).toEqual([]);
    expect(Object.keys(LAYERS).filter((folder) => !present.includes(folder))).toEqual([]);
  });

  it("are the table of docs/architecture.md, folder by folder", () => {
    const doc = fs.readFileSync(path.join(import.meta.dirname, "../docs/architecture.md"), "utf8");
    const documented: Record<string, number> = {};
    for (const [, layer, folders] of doc.matchAll(/^\| (\d)\. [^|]+\| ([^|]+) \|/gm)) {
      for (const [, folder] of folders.matchAll(/`(lib\/[^`]+)`/g)) documented[folder] = Number(layer);
    }
    expect(documented).toEqual(LAYERS);
  });

  it("name every import into a higher layer, file by file (a made-up graph)", () => {
    const synthetic: Graph = new Map([
      ["lib/auth/sign-in.ts", new Set(["lib/mail/outbox.ts", "lib/db/client.ts"])],
      ["lib/mail/outbox.ts", new Set(["lib/users/service.ts"])],
    ]);
    expect(describeUpwardImports(synthetic)).toEqual(["lib/auth/sign-in.ts (layer 2) -> lib/mail/outbox.ts (layer 4)"]);
  });

  it("are respected: every import between lib/ folders points to the same or a lower layer", () => {
    expect(describeUpwardImports(files)).toEqual([]);
  });
});

// Server actions live in app/ ("use server" modules); a page imports them and hands them to its
// client components as props, so components/ never import from app/ (docs/architecture.md).
describe("components/", () => {
  const intoApp = importGraph("components", ["app"]);

  it("is read from the real imports of .ts and .tsx files", () => {
    const own = importGraph("components");
    expect(own.get("components/account/profile-form.tsx")).toContain("components/forms/use-schema-form.ts");
    expect(intoApp.has("components/site-header.tsx")).toBe(true);
  });

  it("never imports from app/: a page passes server actions down as props", () => {
    expect(
      [...intoApp].filter(([, targets]) => targets.size > 0).map(([file, targets]) => `${file} -> ${[...targets].join(", ")}`),
    ).toEqual([]);
  });
});

describe("test helpers (lib/testing, components/testing)", () => {
  const HELPERS = ["lib/testing/", "components/testing/"];
  const isHelper = (file: string) => HELPERS.some((folder) => file.startsWith(folder));

  it("are imported by tests and other test helpers only, never by the service or the portal", () => {
    const imports = ["app", "components", "lib"].flatMap((folder) => [...importGraph(folder, ["lib", "components"])]);
    expect(imports.some(([file]) => file === "components/testing/render-html.tsx")).toBe(true);
    expect(
      imports
        .filter(([file]) => !isHelper(file))
        .flatMap(([file, targets]) => [...targets].filter(isHelper).map((target) => `${file} -> ${target}`)),
    ).toEqual([]);
  });
});

// A "use client" file and what it imports are sent to the browser: the build fails when that
// reaches the database or Redis (their drivers need Node's fs, net and dns), and it would ship
// server code. lib/users/deleted.ts, whose constants a client component reads, once gained a
// database lookup this way.
describe("client bundles", () => {
  const bundles = clientBundles();
  const SERVER_ONLY = ["lib/db/client.ts", "lib/redis/index.ts"];

  it("are read from value imports only, up to a server action", () => {
    expect(bundles.get("components/messages/message-manager.tsx")).toContain("lib/users/deleted.ts");
    // an `import type` of the database leaves nothing in the bundle
    expect(bundles.get("components/messages/message-manager.tsx")).not.toContain("lib/db/client.ts");
    expect(bundles.size).toBeGreaterThan(50);
  });

  it("never reach the database or Redis", () => {
    const reaching = [...bundles].flatMap(([file, reached]) =>
      SERVER_ONLY.filter((target) => reached.has(target)).map((target) => `${file} -> ${target}`),
    );
    expect(reaching).toEqual([]);
  });
});
