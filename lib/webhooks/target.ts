import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { allowedHosts, refusedAddress } from "./target-rules";

/**
 * The resolving half of the webhook target check (the rules themselves: ./target-rules.ts, which
 * also runs in the browser): at save time the host is resolved and every address judged, and at
 * send time the check runs inside the connection's own DNS lookup.
 */

/** Resolves a host the way a connection would and refuses it unless every address is public. */
export async function refusedResolution(raw: string): Promise<string | null> {
  const host = new URL(raw).hostname.toLowerCase().replace(/^\[|\]$/g, "");
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
