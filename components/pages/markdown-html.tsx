/**
 * HTML from lib/markdown/render (Markdown rendered by marked and cleaned by sanitize-html on the
 * server). Nothing else may be passed here: this is the one place the portal sets inner HTML from
 * what people wrote (the other inner HTML is the two-factor QR code, drawn by the qrcode library).
 */
export function MarkdownHtml({ html, className = "" }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: only lib/markdown/render's output, cleaned by sanitize-html on the server
  return <div className={`markdown ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
