import { describe, expect, it } from "vitest";
import { read, sourceFiles } from "./server-messages/collect";

/**
 * No literal English in the portal's markup: every visible text comes from the catalogue
 * (docs/i18n.md). A static check of app/ and components/ for the shapes literal text takes: JSX
 * text of two or more words, such words in the attributes people read (aria-label, title,
 * placeholder, alt, label) or in such object properties, and toLocale…String() without a locale.
 * Single words are left alone (they are mostly names: "Windows", "UTC").
 */
const EXCEPTIONS: Record<string, string> = {
  // The benchmark's floor: a page that does nothing, not even look up a message (docs/performance.md).
  "app/ping/page.tsx": "The portal is up.",
};

const WORDS = String.raw`[A-Za-z][A-Za-z']*(?:\s+[A-Za-z][A-Za-z',.!?]*)+`;
const SHAPES = [
  new RegExp(String.raw`(?<![=\-])>\s*(${WORDS})\s*<`, "g"),
  /\b(?:aria-label|title|placeholder|alt|label)="([^"]*[A-Za-z]{2,} [A-Za-z]{2,}[^"]*)"/g,
  // (A thrown error's `message:` is a server message: server-messages.test.ts keeps those translated.)
  /\b(?:title|description|label|placeholder|alt|text):\s*"([A-Za-z]{2,}[^"]* [^"]*)"/g,
  /\.(toLocale\w*String)\(\)/g,
  // What a server action or helper returns to be shown: a sentence (app/applications/actions.ts once did).
  /\breturn\s+(?:[^;"]*\?\s*)?"([A-Z][a-z']*(?:\s+\S+)+[.!])"/g,
];

function literalTexts(path: string): string[] {
  const source = read(path);
  return SHAPES.flatMap((shape) => [...source.matchAll(shape)].map((match) => match[1]!.replace(/\s+/g, " ").trim()));
}

describe("portal markup", () => {
  const files = [...sourceFiles("app"), ...sourceFiles("components")].filter((path) => !path.startsWith("app/api/"));

  it("has no literal English text (it belongs in lib/i18n/messages)", () => {
    const found = files.flatMap((path) =>
      literalTexts(path)
        .filter((text) => EXCEPTIONS[path] !== text)
        .map((text) => `${path}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  it("catches the shapes it looks for", () => {
    const sample = `<p>\n  Nothing here yet\n</p><input placeholder="Search for users" /><b>{t("x")}</b> const a = (x) => x; { label: "Save changes" } n.toLocaleString() return ok ? "You left the project." : t("x");`;
    const shapes = SHAPES.flatMap((shape) => [...sample.matchAll(shape)].map((match) => match[1]));
    expect(shapes).toEqual(["Nothing here yet", "Search for users", "Save changes", "toLocaleString", "You left the project."]);
  });
});
