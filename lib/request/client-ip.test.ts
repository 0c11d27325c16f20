import { afterEach, describe, expect, it } from "vitest";
import { clientIp, clientNetwork } from "./client-ip";

const forwarded = (value: string) => new Headers({ "x-forwarded-for": value });

describe("the client address", () => {
  afterEach(() => {
    delete process.env.TRUSTED_PROXIES;
  });

  it("takes the right-most address: the one our proxy appended, not what the client wrote", () => {
    expect(clientIp(forwarded("6.6.6.6, 203.0.113.9"))).toBe("203.0.113.9");
  });

  it("skips the addresses of further trusted proxies (TRUSTED_PROXIES), from the right", () => {
    process.env.TRUSTED_PROXIES = "10.0.0.2, 10.0.0.3";
    expect(clientIp(forwarded("6.6.6.6, 203.0.113.9, 10.0.0.3, 10.0.0.2"))).toBe("203.0.113.9");
  });

  it("is null without a usable address", () => {
    expect(clientIp(new Headers())).toBeNull();
    expect(clientIp(forwarded(" , "))).toBeNull();
  });
});

describe("the network a client address stands for (counting clients)", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["2001:db8:1:2::192.0.2.1", "2001:db8:1:2::/64"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::ffff:cb00:7109", "203.0.113.9"],
    // Some proxies write the client's port too, or IPv6 in brackets: the port is not the client.
    ["203.0.113.9:1001", "203.0.113.9"],
    ["[2001:db8:9:9::1]", "2001:db8:9:9::/64"],
    ["[2001:db8:9:9::c]:443", "2001:db8:9:9::/64"],
    ["not an address", "not an address"],
  ])("%s is %s", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });
});
