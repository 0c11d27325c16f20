import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { nestsTooDeep } from "./nesting";

/**
 * Markdown written by project teams (pages, announcements), rendered to HTML that is safe to put
 * into our pages: `marked` turns Markdown into HTML (raw HTML in the text passes through it), then
 * `sanitize-html` keeps only the tags and attributes below. Everything else is dropped: script,
 * style, iframes, SVG, forms, event handlers, inline styles, classes and ids. Links keep only
 * http(s), mailto and relative addresses, images only absolute https ones; `javascript:`, `data:` and
 * protocol-relative addresses never survive (sanitize-html decodes entities and strips control
 * characters before it checks a scheme). The portal's preview uses this same function.
 */

const markdown = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "em",
    "strong",
    "del",
    "s",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    // rel is ours: transformTags sets it on every link before attributes are filtered.
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title"],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedStyles: {},
  // Text inside dropped tags stays, escaped; script, style and the like go with their content.
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "nofollow noopener noreferrer ugc" } }),
    // Images load without a click: only absolute https addresses, never a path on our own site.
    img: (tagName, { src = "", ...attribs }) => ({
      tagName,
      attribs: /^https:\/\//i.test(src.trim()) ? { ...attribs, src: src.trim() } : attribs,
    }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/**
 * Markdown to sanitized HTML. Never throws: text nested deeper than MAX_MARKDOWN_NESTING (saved
 * before the limit, or never checked) and text the renderer fails on show as escaped plain text,
 * so one team's text can never take a page down.
 */
export function renderMarkdown(source: string): string {
  if (nestsTooDeep(source)) return plainText(source);
  try {
    return sanitizeHtml(markdown.parse(source) as string, SANITIZE);
  } catch (error) {
    console.error(`markdown: shown as plain text, it could not be rendered (${(error as Error).message})`);
    return plainText(source);
  }
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** The text as it was written, escaped: paragraphs at blank lines, line breaks kept. */
function plainText(source: string): string {
  return source
    .trim()
    .split(/(?:\r\n?|\n)[ \t]*(?:\r\n?|\n)\s*/)
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/[&<>"']/g, (character) => ESCAPES[character]!).replace(/\r\n?|\n/g, "<br>\n")}</p>`)
    .join("\n");
}
