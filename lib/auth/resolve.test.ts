import { describe, expect, it, vi } from "vitest";
import { createPartner, sessionCookieFor } from "../testing/factories";
import { clearCallerCache } from "./caller-cache";
import { SESSION_COOKIE } from "./config";
import { resolveActor, sessionIdFromCookie } from "./resolve";
import { revokeSession } from "./sessions";

/** The session cookie's decryption is kept for a few seconds; it never stretches what the cookie allows. */
describe("session cookie decoding", () => {
  it("a cookie is refused once it expires, although its decoding was kept", async () => {
    process.env.CALLER_CACHE_SECONDS = "30";
    clearCallerCache();
    const user = await createPartner();
    const { sessionId } = await sessionCookieFor(user.id);
    const { encode } = await import("next-auth/jwt");
    const cookie = await encode({ token: { sid: sessionId }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE, maxAge: 1 });
    expect(await sessionIdFromCookie(cookie)).toBe(sessionId);
    expect((await resolveActor(null, cookie, "127.0.0.1"))?.userId).toBe(user.id);
    // Past the expiry and the decoder's clock tolerance (15 s), still within CALLER_CACHE_SECONDS.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 20_000 });
    try {
      expect(await sessionIdFromCookie(cookie)).toBeNull();
      expect(await resolveActor(null, cookie, "127.0.0.1")).toBeNull();
    } finally {
      vi.useRealTimers();
      delete process.env.CALLER_CACHE_SECONDS;
    }
  });

  it("a signed-out session is refused on the next request, although its cookie's decoding was kept", async () => {
    const user = await createPartner();
    const { sessionId, cookie } = await sessionCookieFor(user.id);
    expect((await resolveActor(null, cookie, "127.0.0.1"))?.userId).toBe(user.id);
    await revokeSession(sessionId, "signed_out");
    expect(await sessionIdFromCookie(cookie)).toBe(sessionId);
    expect(await resolveActor(null, cookie, "127.0.0.1")).toBeNull();
  });

  it("reads a cookie signed with a previous AUTH_SECRET while it is in AUTH_SECRET_PREVIOUS (rotation signs nobody out)", async () => {
    const testSecret = process.env.AUTH_SECRET!;
    const user = await createPartner();
    const { sessionId } = await sessionCookieFor(user.id);
    const { encode } = await import("next-auth/jwt");
    const cookie = await encode({ token: { sid: sessionId }, secret: testSecret, salt: SESSION_COOKIE });
    process.env.AUTH_SECRET = "the-next-secret-the-next-secret-0123456789";
    try {
      expect(await sessionIdFromCookie(cookie)).toBeNull();
      process.env.AUTH_SECRET_PREVIOUS = testSecret;
      expect(await sessionIdFromCookie(cookie)).toBe(sessionId);
    } finally {
      process.env.AUTH_SECRET = testSecret;
      delete process.env.AUTH_SECRET_PREVIOUS;
    }
  });
});
