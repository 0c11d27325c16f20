/**
 * The caller's address. Our HTTP server (scripts/serve.mjs) overwrites X-Forwarded-For with the
 * socket address unless TRUST_PROXY=true, in which case the proxy in front must set it.
 */
export function clientIp(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for");
  return forwarded ? forwarded.split(",")[0].trim() || null : null;
}
