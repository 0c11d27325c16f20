import ipaddr from "ipaddr.js";

/**
 * Where a webhook may send (SSRF protection, DESIGN §8.2). A target is an https URL whose host
 * resolves only to public unicast addresses: private, loopback, link-local (cloud metadata at
 * 169.254.169.254 among them), unique-local, carrier-grade NAT, multicast, reserved and
 * unspecified addresses are refused, IPv4-mapped IPv6 addresses judged as the IPv4 address they
 * carry. Hosts named in WEBHOOKS_ALLOW_HOSTS (comma-separated host names or addresses, e.g.
 * `127.0.0.1` for local tests) are exempt and may use http. The check runs when a webhook is saved
 * and again at every send, inside the connection's own DNS lookup (`guardedLookup`), so a name that
 * resolves differently later (DNS rebinding) is caught at the moment of connecting.
 */

export function allowedHosts(): Set<string> {
  return new Set(
    (process.env.WEBHOOKS_ALLOW_HOSTS ?? "")
      .split(",")
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ""),
      )
      .filter(Boolean),
  );
}

/** Why an address may not be a webhook's target, or null when it is a public unicast address. */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return "not an address";
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === "unicast" ? null : range;
}

function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
}

/** Why a URL may not be a webhook's target (without resolving it), or null. */
export function refusedUrl(raw: string): string | null {
  if (!URL.canParse(raw)) return "The URL is not valid.";
  const url = new URL(raw);
  const host = hostOf(url);
  const allowed = allowedHosts().has(host);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowed)) return "Webhooks are sent over https only.";
  if (url.username || url.password) return "The URL may not carry a user name or password; the signature authenticates the sender.";
  if (allowed) return null;
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal"))
    return "The host is a local name.";
  if (ipaddr.isValid(host)) {
    const refused = refusedAddress(host);
    if (refused) return `The address is ${refused}, not public.`;
  }
  return null;
}
