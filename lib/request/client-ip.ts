/**
 * The caller's address. Our HTTP server (scripts/serve.mjs) overwrites X-Forwarded-For with the
 * socket address unless TRUST_PROXY=true. With TRUST_PROXY=true the proxy in front appends the
 * address it saw; everything left of that was written by the client and proves nothing. So the
 * answer is the right-most address that is not one of our own further proxies (TRUSTED_PROXIES,
 * a comma-separated list of their addresses, for chains of more than one proxy).
 */
export function clientIp(headers: Headers): string | null {
  const chain = (headers.get("x-forwarded-for") ?? "").split(",").map((part) => part.trim()).filter(Boolean);
  const trusted = new Set((process.env.TRUSTED_PROXIES ?? "").split(",").map((part) => part.trim()).filter(Boolean));
  for (let index = chain.length - 1; index >= 0; index--) {
    if (!trusted.has(chain[index])) return chain[index];
  }
  return null;
}
