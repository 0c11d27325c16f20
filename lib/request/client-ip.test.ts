import { afterEach, describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";

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
