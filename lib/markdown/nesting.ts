/**
 * How deep Markdown nests, counted without parsing it. `marked` parses a block quote or a list
 * item by recursing into its content, so a text of thousands of nested quotes (">" repeated 4,000
 * times) overflows the stack. Text nested deeper than MAX_MARKDOWN_NESTING is refused when it is
 * saved (markdownSchema) and shown as plain text if it is stored already (renderMarkdown).
 *
 * The count works line by line, in one pass: a line's depth is the number of `>` in its prefix
 * (spaces between them allowed), plus the list items it sits in, found from the columns of the
 * list markers above it (`-`, `*`, `+`, `1.`, `1)`), plus every further list marker in its prefix
 * (`- - item`). Code is counted like any other text: 32 levels is far beyond what anyone writes.
 */

/** The deepest nesting of block quotes and lists that Markdown may have. */
export const MAX_MARKDOWN_NESTING = 32;

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/;

/**
 * The deepest nesting of block quotes and lists in `source`. Stops counting once the depth passes
 * `stopAbove` (the answer is then some number above it), so the work stays linear in the length.
 */
export function markdownNestingDepth(source: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  /** Columns of the list markers of the items the current line may sit in, outermost first. */
  const openItems: number[] = [];
  for (const line of source.split(/\r\n?|\n/)) {
    let column = 0;
    let quotes = 0;
    let markers = 0;
    let firstMarker = -1;
    let index = 0;
    while (index < line.length) {
      const character = line[index]!;
      if (character === " ") column += 1;
      else if (character === "\t") column += 4 - (column % 4);
      else if (character === ">") {
        quotes += 1;
        column += 1;
      } else {
        const marker = LIST_MARKER.exec(line.slice(index, index + 11));
        if (!marker) break;
        if (firstMarker < 0) firstMarker = column;
        markers += 1;
        column += marker[0].length;
        index += marker[0].length;
        continue;
      }
      index += 1;
    }
    if (index === line.length && quotes === 0 && markers === 0) continue; // a blank line
    let depth: number;
    if (firstMarker >= 0) {
      while (openItems.length > 0 && openItems[openItems.length - 1]! >= firstMarker) openItems.pop();
      openItems.push(firstMarker);
      depth = quotes + openItems.length + markers - 1;
    } else {
      depth = quotes + openItems.filter((itemColumn) => itemColumn < column).length;
    }
    deepest = Math.max(deepest, depth);
    if (deepest > stopAbove) return deepest;
  }
  return deepest;
}

/** Whether `source` nests deeper than MAX_MARKDOWN_NESTING. */
export function nestsTooDeep(source: string): boolean {
  return markdownNestingDepth(source, MAX_MARKDOWN_NESTING) > MAX_MARKDOWN_NESTING;
}
