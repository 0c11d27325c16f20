/**
 * SSRF protection of webhook targets: the table of addresses and URLs that must be refused, when a
 * webhook is saved (refusedUrl, refusedResolution) and when it is sent (guardedLookup).
 */
import { afterEach, describe, expect, it } from "vitest";
import { guardedLookup, refusedResolution } from "./target";
import { refusedAddress, refusedUrl } from "./target-rules";

afterEach(() => {
  delete process.env.WEBHOOKS_ALLOW_HOSTS;
});

const REFUSED_ADDRESSES = [
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["10.0.0.8", "private"],
  ["172.16.5.4", "private"],
  ["192.168.1.1", "private"],
  ["169.254.169.254", "linkLocal"], // cloud metadata
  ["100.64.0.1", "carrierGradeNat"],
  ["0.0.0.0", "unspecified"],
  ["224.0.0.1", "multicast"],
  ["255.255.255.255", "broadcast"],
  ["::1", "loopback"],
  ["::", "unspecified"],
  ["fe80::1", "linkLocal"],
  ["fc00::1", "uniqueLocal"],
  ["fd00:ec2::254", "uniqueLocal"], // AWS metadata over IPv6
  ["::ffff:127.0.0.1", "loopback"], // IPv4-mapped: judged as the IPv4 address
  ["::ffff:169.254.169.254", "linkLocal"],
  ["ff02::1", "multicast"],
] as const;

describe("webhook targets", () => {
  it.each(REFUSED_ADDRESSES)("refuses %s (%s)", (address, range) => {
    expect(refusedAddress(address)).toBe(range);
  });

  it.each(["93.184.215.14", "1.1.1.1", "2606:4700:4700::1111"])("accepts the public address %s", (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  it.each([
    ["http://example.com/hook", "https only"],
    ["https://127.0.0.1/hook", "loopback"],
    ["https://[::1]/hook", "loopback"],
    ["https://169.254.169.254/latest/meta-data", "linkLocal"],
    ["https://[::ffff:10.0.0.1]/hook", "private"],
    ["https://localhost/hook", "local name"],
    ["https://metadata.google.internal/computeMetadata", "local name"],
    ["https://printer.local/hook", "local name"],
    ["https://user:secret@example.com/hook", "user name or password"],
    ["ftp://example.com/hook", "https only"],
    ["not a url", "not valid"],
  ])("refuses the URL %s (%s)", (url, why) => {
    expect(refusedUrl(url)).toContain(why);
  });

  it("accepts a public https URL", () => {
    expect(refusedUrl("https://hooks.example.com/receive?x=1")).toBeNull();
  });

  it("lets hosts in WEBHOOKS_ALLOW_HOSTS through, over http too, and only those", () => {
    process.env.WEBHOOKS_ALLOW_HOSTS = "127.0.0.1, receiver.test";
    expect(refusedUrl("http://127.0.0.1:4000/hook")).toBeNull();
    expect(refusedUrl("http://receiver.test/hook")).toBeNull();
    expect(refusedUrl("http://127.0.0.2/hook")).not.toBeNull();
    expect(refusedUrl("https://10.0.0.1/hook")).not.toBeNull();
  });

  it("refuses a name that resolves to a loopback address when saving, and at the connection's lookup", async () => {
    expect(await refusedResolution("https://localhost.localdomain.invalid/")).toBe("The host name does not resolve.");
    // "localhost" resolves through the system resolver to loopback; the connection's lookup refuses it.
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup("localhost", { all: true }, (error) => resolve(error)),
    );
    expect(refused?.code).toBe("EWEBHOOKTARGET");
    process.env.WEBHOOKS_ALLOW_HOSTS = "localhost";
    const allowed = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup("localhost", { all: true }, (error) => resolve(error)),
    );
    expect(allowed).toBeNull();
  });
});
