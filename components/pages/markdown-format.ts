/**
 * What the Markdown toolbar does to the text: pure, so the editor only applies the answer (and a
 * test reads every rule). Marks go around the selection (or around the caret, which lands between
 * them); prefixes go at the start of every selected line, and come off again when every line has it.
 */

export const MARKDOWN_FORMATS = ["bold", "italic", "heading", "link", "list", "code", "quote"] as const;
export type MarkdownFormat = (typeof MARKDOWN_FORMATS)[number];

/** Replace `value.slice(start, end)` with `text`, then select `selection` (positions in the new value). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
  selection: [number, number];
}

const WRAPS = { bold: "**", italic: "_" } as const;
const PREFIXES = { heading: "## ", list: "- ", quote: "> " } as const;
/** Selected in a new link for the user to type over. */
const LINK_PLACEHOLDER = "https://";

export function formatMarkdown(value: string, start: number, end: number, format: MarkdownFormat): TextEdit {
  const selected = value.slice(start, end);
  switch (format) {
    case "bold":
    case "italic":
      return wrap(start, end, selected, WRAPS[format]);
    case "code":
      return selected.includes("\n") ? wrap(start, end, selected, "```\n", "\n```") : wrap(start, end, selected, "`");
    case "link":
      if (/^https?:\/\/\S+$/.test(selected)) {
        return { start, end, text: `[](${selected})`, selection: [start + 1, start + 1] };
      }
      return {
        start,
        end,
        text: `[${selected}](${LINK_PLACEHOLDER})`,
        selection: [start + selected.length + 3, start + selected.length + 3 + LINK_PLACEHOLDER.length],
      };
    default:
      return prefixLines(value, start, end, PREFIXES[format]);
  }
}

function wrap(start: number, end: number, selected: string, before: string, after = before): TextEdit {
  const inner = start + before.length;
  return { start, end, text: `${before}${selected}${after}`, selection: [inner, inner + selected.length] };
}

function prefixLines(value: string, start: number, end: number, prefix: string): TextEdit {
  const from = value.lastIndexOf("\n", start - 1) + 1;
  // A selection that ends right after a line break does not take in the next line.
  const last = end > start && value[end - 1] === "\n" ? end - 1 : end;
  const lineEnd = value.indexOf("\n", last);
  const to = lineEnd === -1 ? value.length : lineEnd;
  const lines = value.slice(from, to).split("\n");
  const remove = lines.every((line) => line.startsWith(prefix));
  const text = lines.map((line) => (remove ? line.slice(prefix.length) : `${prefix}${line}`)).join("\n");
  // A caret moves with its line's text; a selection takes in the lines it changed.
  const caret = Math.max(from, start + (remove ? -prefix.length : prefix.length));
  const selection: [number, number] = start === end ? [caret, caret] : [from, from + text.length];
  return { start: from, end: to, text, selection };
}
