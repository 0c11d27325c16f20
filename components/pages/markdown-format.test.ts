import { describe, expect, it } from "vitest";
import { formatMarkdown, type MarkdownFormat } from "./markdown-format";

/** Applies a format to `text` with the selection marked by `[` and `]` (one `|` for a caret); answers the same notation. */
function run(marked: string, format: MarkdownFormat): string {
  const caret = marked.indexOf("|");
  const start = caret >= 0 ? caret : marked.indexOf("[");
  const end = caret >= 0 ? caret : marked.indexOf("]") - 1;
  const value = marked.replace(caret >= 0 ? "|" : /[[\]]/g, "");
  const edit = formatMarkdown(value, start, end, format);
  const next = value.slice(0, edit.start) + edit.text + value.slice(edit.end);
  const [from, to] = edit.selection;
  return from === to ? `${next.slice(0, from)}|${next.slice(from)}` : `${next.slice(0, from)}[${next.slice(from, to)}]${next.slice(to)}`;
}

describe("formatMarkdown", () => {
  it.each<[string, MarkdownFormat, string]>([
    ["Islands [drift]", "bold", "Islands **[drift]**"],
    ["Islands |", "bold", "Islands **|**"],
    ["[Islands] drift", "italic", "_[Islands]_ drift"],
    ["run [npm start] now", "code", "run `[npm start]` now"],
    ["[a\nb]", "code", "```\n[a\nb]\n```"],
    ["see [docs]", "link", "see [docs]([https://])"],
    ["see [https://example.org]", "link", "see [|](https://example.org)"],
    ["see |", "link", "see []([https://])"],
  ])("wraps %j (%s) into %j", (before, format, after) => {
    expect(run(before, format)).toBe(after);
  });

  it.each<[string, MarkdownFormat, string]>([
    ["first\nQuoted line|", "quote", "first\n> Quoted line|"],
    ["Title|", "heading", "## Title|"],
    ["[one\ntwo]\nthree", "list", "[- one\n- two]\nthree"],
    ["[one\n]two", "list", "[- one]\ntwo"],
    ["[- one\n- two]", "list", "[one\ntwo]"],
    ["> quoted|", "quote", "quoted|"],
  ])("prefixes the lines of %j (%s): %j", (before, format, after) => {
    expect(run(before, format)).toBe(after);
  });
});
