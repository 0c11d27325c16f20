import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

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

/** Markdown to sanitized HTML. */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source) as string;
  return sanitizeHtml(html, SANITIZE);
}
