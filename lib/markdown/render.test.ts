/**
 * The XSS corpus: hostile Markdown and HTML that a team member might put into a page or an
 * announcement. Each output is checked structurally: only allowed tags and attributes, no
 * executable or data address, no script text left as markup.
 */
import { describe, expect, it } from "vitest";
import { MAX_MARKDOWN_NESTING, markdownNestingDepth } from "./nesting";
import { renderMarkdown } from "./render";

const ALLOWED: Record<string, string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  hr: [],
  blockquote: [],
  pre: [],
  code: [],
  em: [],
  strong: [],
  del: [],
  s: [],
  ul: [],
  ol: ["start"],
  li: [],
  a: ["href", "title", "rel"],
  img: ["src", "alt", "title"],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ["align"],
  td: ["align"],
};

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;/gi, "\t")
    .replace(/&newline;/gi, "\n")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Every problem with a rendered page, by the rules of the sanitizer's allowlist. */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  for (const match of html.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const [, tag, rest] = match;
    const allowed = ALLOWED[tag.toLowerCase()];
    if (!allowed) {
      problems.push(`tag <${tag}>`);
      continue;
    }
    // The sanitizer writes every attribute as name="value" with quotes escaped inside the value.
    const attributes = [...rest.matchAll(/\s+([^\s"'=<>/]+)="([^"]*)"/g)];
    if (
      rest
        .replace(/\s+([^\s"'=<>/]+)="([^"]*)"/g, "")
        .trim()
        .replace(/^\/$/, "") !== ""
    )
      problems.push(`unparsed attributes in <${tag}${rest}>`);
    for (const [, name, value = ""] of attributes) {
      if (!allowed.includes(name.toLowerCase())) problems.push(`attribute ${name} on <${tag}>`);
      if (name === "href" || name === "src") {
        const address = decodeEntities(value)
          // biome-ignore lint/suspicious/noControlCharactersInRegex: drops control characters and spaces before the scheme is read ("java\tscript:"), on purpose
          .replace(/[\u0000-\u0020\u007f-\u009f]/g, "")
          .toLowerCase();
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(address)?.[1];
        if (scheme && !(name === "src" ? ["https"] : ["http", "https", "mailto"]).includes(scheme))
          problems.push(`${name} with scheme ${scheme}:`);
        if (address.startsWith("//") || address.startsWith("\\\\")) problems.push(`protocol-relative ${name}`);
        if (name === "src" && !scheme) problems.push(`image without https: ${value}`);
      }
    }
  }
  // Text that is not markup must not be able to become markup.
  if (/<(script|style|iframe|svg|math|object|embed|form|base|meta|link)\b/i.test(html)) problems.push("dangerous tag text");
  return problems;
}

const CORPUS: [string, string][] = [
  ["script tag", "<script>alert(1)</script>"],
  ["script tag, mixed case", "<ScRiPt>alert(1)</sCrIpT>"],
  ["script with src", '<script src="https://evil.example/x.js"></script>'],
  ["unclosed script", "<script>alert(1)"],
  ["nested script", "<scr<script>ipt>alert(1)</scr</script>ipt>"],
  ["script in a paragraph", "Hello <script>alert(document.cookie)</script> world"],
  ["img onerror", '<img src="x" onerror="alert(1)">'],
  ["img onerror, unquoted", "<img src=x onerror=alert(1)>"],
  ["body onload", "<body onload=alert(1)>"],
  ["div onclick", '<div onclick="alert(1)">click</div>'],
  ["a onmouseover", '<a href="https://ok.example" onmouseover="alert(1)">x</a>'],
  ["event handler without quotes and slash", "<a/onclick=alert(1)>x</a>"],
  ["javascript link, markdown", "[click](javascript:alert(1))"],
  ["javascript link, html", '<a href="javascript:alert(1)">click</a>'],
  ["javascript link, upper case", '<a href="JAVASCRIPT:alert(1)">click</a>'],
  ["javascript link, leading space", '<a href=" javascript:alert(1)">click</a>'],
  ["javascript link, tab inside", '<a href="jav\tascript:alert(1)">click</a>'],
  ["javascript link, entity-encoded", '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>'],
  [
    "javascript link, hex entities without semicolons",
    '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">click</a>',
  ],
  ["javascript link, entity tab", '<a href="jav&#x09;ascript:alert(1)">click</a>'],
  ["javascript link, named colon", '<a href="javascript&colon;alert(1)">click</a>'],
  ["javascript link, markdown with entities", "[x](&#106;avascript:alert(1))"],
  ["javascript link, markdown angle brackets", "[x](<javascript:alert(1)>)"],
  ["javascript autolink", "<javascript:alert(1)>"],
  ["reference-style javascript link", "[x][1]\n\n[1]: javascript:alert(1)"],
  ["vbscript link", '<a href="vbscript:msgbox(1)">x</a>'],
  ["data link, markdown", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
  ["data link, html", '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
  ["data image, markdown", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
  ["data image, html", '<img src="data:image/png;base64,iVBORw0KGgo=">'],
  ["http image (mixed content and tracking)", "![x](http://tracker.example/p.png)"],
  ["protocol-relative link", '<a href="//evil.example">x</a>'],
  ["protocol-relative image", "![x](//evil.example/x.png)"],
  ["svg onload", "<svg onload=alert(1)>"],
  ["svg with script", "<svg><script>alert(1)</script></svg>"],
  ["svg use href", '<svg><use href="data:image/svg+xml,<svg id=x onload=alert(1)>#x"></use></svg>'],
  ["svg animate", '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>'],
  ["math with link", '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ["style tag", "<style>body{background:url(javascript:alert(1))}</style>"],
  ["style attribute", '<p style="background:url(javascript:alert(1))">x</p>'],
  ["style expression", '<div style="width: expression(alert(1))">x</div>'],
  ["iframe", '<iframe src="https://evil.example"></iframe>'],
  ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ["object", '<object data="javascript:alert(1)"></object>'],
  ["embed", '<embed src="javascript:alert(1)">'],
  ["form", '<form action="javascript:alert(1)"><button>x</button></form>'],
  ["input autofocus", "<input autofocus onfocus=alert(1)>"],
  ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ["base href", '<base href="javascript:alert(1)//">'],
  ["link stylesheet", '<link rel="stylesheet" href="https://evil.example/x.css">'],
  ["html comment trick", "<!--<img src=x onerror=alert(1)>-->"],
  ["conditional comment", "<!--[if gte IE 4]><script>alert(1)</script><![endif]-->"],
  ["cdata", "<![CDATA[<script>alert(1)</script>]]>"],
  ["entity-encoded tag in text", "&lt;script&gt;alert(1)&lt;/script&gt;"],
  ["double-encoded tag", "&amp;lt;script&amp;gt;alert(1)"],
  ["attribute breaking out of title", '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")'],
  ["markdown image alt breaking out", '![x" onerror="alert(1)](https://ok.example/x.png)'],
  ["markdown link title with quote", '[x](https://ok.example "\\"><script>alert(1)</script>")'],
  ["unicode-escaped scheme", '<a href="\\u006aavascript:alert(1)">x</a>'],
  ["null byte in scheme", '<a href="java\u0000script:alert(1)">x</a>'],
  ["newline in scheme", '<a href="java\nscript:alert(1)">x</a>'],
  ["noscript parsing trick", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ["template", "<template><script>alert(1)</script></template>"],
  ["details ontoggle", "<details open ontoggle=alert(1)>"],
  ["video poster", '<video poster="javascript:alert(1)"></video>'],
  ["id and class clobbering", '<p id="__next" class="fixed inset-0">x</p>'],
  ["srcset", '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x">'],
  ["code block keeps script as text", "```html\n<script>alert(1)</script>\n```"],
];

describe("renderMarkdown: the XSS corpus", () => {
  it.each(CORPUS)("%s", (_, source) => {
    const html = renderMarkdown(source);
    expect(problemsOf(html)).toEqual([]);
  });

  it("the checker itself finds what it should", () => {
    expect(problemsOf("<script>alert(1)</script>")).not.toEqual([]);
    expect(problemsOf('<img src="x" onerror="alert(1)">')).not.toEqual([]);
    expect(problemsOf('<a href="jav&#x09;ascript:alert(1)">x</a>')).not.toEqual([]);
    expect(problemsOf('<img src="data:image/png;base64,AAA">')).not.toEqual([]);
    expect(problemsOf('<a href="//evil.example">x</a>')).not.toEqual([]);
    expect(problemsOf("<svg></svg>")).not.toEqual([]);
  });
});

describe("renderMarkdown: ordinary Markdown", () => {
  it("renders headings, emphasis, lists, tables and code", () => {
    const html = renderMarkdown("# Rules\n\nBe **kind** and *fair*.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n`x < y`");
    expect(html).toContain("<h1>Rules</h1>");
    expect(html).toContain("<strong>kind</strong>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<td>1</td>");
    expect(html).toContain("<code>x &lt; y</code>");
  });

  it("keeps https links and images, marking links nofollow", () => {
    const html = renderMarkdown("[Wiki](https://wiki.example/a?b=1&c=2) ![logo](https://img.example/l.png)");
    expect(html).toContain('<a href="https://wiki.example/a?b=1&amp;c=2" rel="nofollow noopener noreferrer ugc">Wiki</a>');
    expect(html).toContain('<img alt="logo" src="https://img.example/l.png" />');
  });

  it("shows a script in a code block as text", () => {
    expect(renderMarkdown("```\n<script>alert(1)</script>\n```")).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("drops a script with its content but keeps the text around it", () => {
    expect(renderMarkdown("Hello <script>alert(1)</script> world")).toBe("<p>Hello  world</p>\n");
  });
});

/**
 * Nesting (security review after issue 23): `marked` parses nested block quotes and lists by
 * recursion, so ">" repeated 4,000 times overflowed the stack and took the project page down.
 */
describe("renderMarkdown: deep nesting", () => {
  const DEEP = [
    ["block quotes without spaces", ">".repeat(4000)],
    ["block quotes with spaces", "> ".repeat(4000)],
    ["lists on one line", `${"- ".repeat(4000)}item`],
    ["quotes and lists mixed", `${"> - ".repeat(2000)}item`],
    ["lists nested by indentation", Array.from({ length: 200 }, (_, level) => `${"  ".repeat(level)}- level ${level}`).join("\n")],
  ] as const;

  it.each(DEEP)("never throws on %s, and shows the text escaped", (_, source) => {
    const html = renderMarkdown(`<b>bold</b>\n${source}`);
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<blockquote>");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
  });

  it("counts the deepest line's quotes and lists", () => {
    expect(markdownNestingDepth("plain text")).toBe(0);
    expect(markdownNestingDepth("> quote\n> > > three")).toBe(3);
    expect(markdownNestingDepth(">>> > >")).toBe(5);
    expect(markdownNestingDepth("- a\n  - b\n    - c\n- d")).toBe(3);
    expect(markdownNestingDepth("> - a\n>   - b")).toBe(3);
    expect(markdownNestingDepth("1. a\n   1. b\n      - c")).toBe(3);
    expect(markdownNestingDepth("- a\n\n  > quoted in a")).toBe(2);
  });

  it(`renders Markdown nested up to ${MAX_MARKDOWN_NESTING} levels as Markdown`, () => {
    const html = renderMarkdown(`${"> ".repeat(MAX_MARKDOWN_NESTING)}deep`);
    expect(html.match(/<blockquote>/g)).toHaveLength(MAX_MARKDOWN_NESTING);
    expect(renderMarkdown(`${"> ".repeat(MAX_MARKDOWN_NESTING + 1)}deeper`)).not.toContain("<blockquote>");
  });
});
