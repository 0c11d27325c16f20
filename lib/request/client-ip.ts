import { isIPv4, isIPv6 } from "node:net";

/**
 * The caller's address. Our HTTP server (scripts/serve.mjs) overwrites X-Forwarded-For with the
 * socket address unless TRUST_PROXY=true. With TRUST_PROXY=true the proxy in front appends the
 * address it saw; everything left of that was written by the client and proves nothing. So the
 * answer is the right-most address that is not one of our own further proxies (TRUSTED_PROXIES,
 * a comma-separated list of their addresses, for chains of more than one proxy).
 */
export function clientIp(headers: { get(name: string): string | null }): string | null {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const trusted = new Set(
    (process.env.TRUSTED_PROXIES ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  );
  for (let index = chain.length - 1; index >= 0; index--) {
    if (!trusted.has(chain[index])) return chain[index];
  }
  return null;
}

/**
 * The network a client address stands for, when counting clients: an IPv4 address itself, an
 * IPv6 address reduced to its /64 (written `2001:db8:1:2::/64`). Providers hand each subscriber a
 * /64 or more, and a host picks any address in it at will (privacy addresses), so a /64 is one
 * client as an IPv4 address is. An IPv4 address written as IPv6 (`::ffff:203.0.113.9`) is that IPv4
 * address; a zone (`%eth0`) is dropped, and so is a port some proxies write after the address
 * (`203.0.113.9:1001`, `[2001:db8::1]:443`). Anything else is returned as it is.
 */
export function clientNetwork(address: string): string {
  const bare = withoutPort(address).split("%")[0]!;
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** `[v6]`, `[v6]:port` and `v4:port` without the brackets and the port. */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return v4WithPort ? v4WithPort[1]! : address;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parts = (part: string | undefined) => (part ? part.split(":") : []);
  const zeros = Array<string>(8 - parts(head).length - parts(tail).length).fill("0");
  const groups = tail === undefined ? parts(head) : [...parts(head), ...zeros, ...parts(tail)];
  return groups.map((group) => parseInt(group, 16));
}
