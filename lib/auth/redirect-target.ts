const FALLBACK = "/account";

/**
 * Where to send the browser after sign-in: the `next` value resolved against our own origin the
 * way a browser would (`new URL`), accepted only when it stays on that origin. Anything else
 * (other hosts, `//host`, `/\t/host`, `javascript:`) falls back to the account page.
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
