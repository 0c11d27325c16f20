import { afterEach, describe, expect, it, vi } from "vitest";

async function cookieConfig(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import("./config");
}

describe("cookie settings", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("are Secure and __Host- prefixed by default in production, even without PUBLIC_URL", async () => {
    const config = await cookieConfig({ NODE_ENV: "production", PUBLIC_URL: undefined, COOKIE_SECURE: undefined });
    expect(config.SECURE_COOKIES).toBe(true);
    expect(config.SESSION_COOKIE).toBe("__Host-pums.session");
    expect(config.DEVICE_COOKIE).toBe("__Host-pums.device");
    expect(config.DEVICE_COOKIE_OPTIONS).toMatchObject({ secure: true, path: "/", httpOnly: true });
  });

  it("can be switched off explicitly for plain http on a non-loopback host", async () => {
    const config = await cookieConfig({ NODE_ENV: "production", COOKIE_SECURE: "false" });
    expect(config.SESSION_COOKIE).toBe("pums.session");
  });
});
