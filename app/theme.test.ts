import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(tsx?|css)$/.test(name) && !name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("the dark theme", () => {
  it("has a dark value for every palette colour the portal uses (app/globals.css)", () => {
    const css = readFileSync(path.join(root, "app/globals.css"), "utf8");
    const used = new Set<string>();
    for (const file of [...sources(path.join(root, "app")), ...sources(path.join(root, "components"))]) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(
        /\b(?:bg|text|ring|border|divide|from|via|to|fill|stroke|outline|decoration|placeholder|accent|caret)-([a-z]+)-(\d{2,3})\b/g,
      )) {
        used.add(`${match[1]}-${match[2]}`);
      }
      if (/\b(?:bg|text|ring|border)-black\b/.test(text)) used.add("black");
    }
    const missing = [...used].filter((colour) => !new RegExp(`--color-${colour}: light-dark\\(`).test(css));
    expect(missing).toEqual([]);
  });
});
