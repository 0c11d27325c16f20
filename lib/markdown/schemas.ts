import { MAX_MARKDOWN_NESTING, nestsTooDeep } from "./nesting";

/**
 * The check every schema of saved Markdown (release changelogs, project pages, announcements)
 * adds with `.refine(isShallowMarkdown, MARKDOWN_TOO_DEEP)`: text nested deeper than the renderer
 * takes is a 400 naming the field, never stored (lib/markdown/nesting.ts).
 */
export const isShallowMarkdown = (text: string) => !nestsTooDeep(text);

export const MARKDOWN_TOO_DEEP = `Nest block quotes and lists at most ${MAX_MARKDOWN_NESTING} levels deep.`;
