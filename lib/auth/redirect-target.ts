/** Where a sign-in without a page to return to goes: app/start sends each user to their work. */
const FALLBACK = "/start";

/**
 * Where to send the browser after sign-in: the `next` value resolved against our own origin the
 * way a browser would (`new URL`), accepted only when it stays on that origin. Anything else
 * (other hosts, `//host`, `/\t/host`, `javascript:`) falls back to /start.
 */
export function safeRedirectTarget(next: string | null | undefined, origin: string): string {
  if (!next) return FALLBACK;
  let target: URL;
  try {
    target = new URL(next, origin);
  } catch {
    return FALLBACK;
  }
  if (target.origin !== new URL(origin).origin) return FALLBACK;
  return `${target.pathname}${target.search}${target.hash}`;
}
