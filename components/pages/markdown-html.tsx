/**
 * HTML from lib/markdown/render (Markdown rendered by marked and cleaned by sanitize-html on the
 * server). Nothing else may be passed here: this is the one place the portal sets inner HTML.
 */
export function MarkdownHtml({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`markdown ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
