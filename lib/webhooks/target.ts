import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
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
  if (isIP(host)) {
    const refused = refusedAddress(host);
    if (refused) return `The address is ${refused}, not public.`;
  }
  return null;
}

/** Resolves a host the way a connection would and refuses it unless every address is public. */
export async function refusedResolution(raw: string): Promise<string | null> {
  const url = new URL(raw);
  const host = hostOf(url);
  if (allowedHosts().has(host) || isIP(host)) return null;
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, found) => resolve(error ? [] : found)),
  );
  if (!addresses.length) return "The host name does not resolve.";
  const refused = addresses.map((entry) => refusedAddress(entry.address)).find(Boolean);
  return refused ? `The host resolves to a ${refused} address, not a public one.` : null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves like the system does and fails the connection when
 * an address is not public (unless the host is allowed): the address checked is the one connected to.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const allowed = allowedHosts().has(host);
  const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : (options.family ?? 0);
  dnsLookup(hostname, { all: true, verbatim: true, family }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = allowed ? null : addresses.map((entry) => refusedAddress(entry.address)).find(Boolean);
    if (refused) {
      const denied: NodeJS.ErrnoException = new Error(`Refused: ${hostname} resolves to a ${refused} address.`);
      denied.code = "EWEBHOOKTARGET";
      return callback(denied, []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
