import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { db } from "../db/client";
import { createUser, tokenFor, unique } from "../testing/factories";
import { NotFound } from "../errors";
import { call } from "../testing/http";
import { PUBLIC_CACHE_CONTROL } from "./cache";
import { defineOperation } from "./operation";
import { handle } from "./route";

const echoOperation = defineOperation({
  method: "POST",
  path: "/api/v1/test/echo",
  tag: "Test",
  summary: "echo",
  auth: "required",
  idempotent: true,
  versioned: false,
  body: z.strictObject({ name: z.string().min(1) }),
  maxBodyBytes: 200,
  responses: { 201: { description: "ok" } },
});

let calls = 0;
const echo = handle(echoOperation, async ({ body, actor }) => {
  calls++;
  if (body.name === "explode") throw new Error("secret database text: relation users does not exist");
  return { status: 201, body: { name: body.name, by: actor.userId, call: calls } };
});

const versionedOperation = defineOperation({
  method: "PUT",
  path: "/api/v1/test/versioned",
  tag: "Test",
  summary: "versioned",
  auth: "required",
  versioned: true,
  query: z.strictObject({ flag: z.enum(["on", "off"]).optional() }),
  body: z.strictObject({}),
  responses: { 200: { description: "ok" } },
});
const versioned = handle(versionedOperation, async ({ expectedVersion }) => ({ body: { expectedVersion } }));

const limitedOperation = defineOperation({
  method: "POST",
  path: "/api/v1/test/limited",
  tag: "Test",
  summary: "limited",
  auth: "none",
  versioned: false,
  rateLimit: { name: `test-limited-${unique()}`, limit: 2, windowSeconds: 3600 },
  responses: { 204: { description: "ok" } },
});
const limited = handle(limitedOperation, async () => ({ status: 204 }));

describe("the route wrapper", () => {
  let user: Awaited<ReturnType<typeof createUser>>;
  let token: string;

  beforeAll(async () => {
    user = await createUser();
    token = await tokenFor(user.id);
  });

  it("answers 401 problem+json without a caller, with a request id", async () => {
    const response = await call(echo, "POST", "/api/v1/test/echo", { body: { name: "x" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.json).toMatchObject({ status: 401, code: "unauthorized", title: "Not signed in" });
    expect(response.headers.get("x-request-id")).toBe(response.json!.requestId);
  });

  it.each([
    ["unknown fields (no mass assignment)", { body: { name: "x", isAdmin: true } }, 400, "validation_failed"],
    ["malformed JSON", { rawBody: "{", headers: { "content-type": "application/json" } }, 400, "malformed_json"],
    [
      "a body that is not JSON",
      { rawBody: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } },
      415,
      "unsupported_media_type",
    ],
    ["a body over the limit", { body: { name: "x".repeat(500) } }, 413, "payload_too_large"],
  ])("refuses %s", async (_label, options, status, code) => {
    const response = await call(echo, "POST", "/api/v1/test/echo", { token, ...options });
    expect(response.status).toBe(status);
    expect(response.json).toMatchObject({ code });
  });

  it("names the offending field of a validation error", async () => {
    const response = await call(echo, "POST", "/api/v1/test/echo", { token, body: { name: "", role: "x" } });
    expect(response.json!.errors).toEqual([
      { path: "name", message: expect.any(String) },
      { path: "role", message: "Unknown field." },
    ]);
  });

  it("never shows a stack trace or database text, but logs it with the request id", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await call(echo, "POST", "/api/v1/test/echo", { token, body: { name: "explode" } });
    expect(response.status).toBe(500);
    expect(response.text).not.toMatch(/relation|secret|at .*\.ts/);
    expect(log).toHaveBeenCalledWith(`[${response.json!.requestId}] unhandled error`, expect.any(Error));
    log.mockRestore();
  });

  it("refuses unknown and repeated query parameters", async () => {
    const headers = { "if-match": '"v1"' };
    expect((await call(versioned, "PUT", "/api/v1/test/versioned?flag=maybe", { token, body: {}, headers })).status).toBe(400);
    expect((await call(versioned, "PUT", "/api/v1/test/versioned?other=1", { token, body: {}, headers })).status).toBe(400);
    expect((await call(versioned, "PUT", "/api/v1/test/versioned?flag=on&flag=off", { token, body: {}, headers })).status).toBe(400);
  });

  it("needs If-Match on versioned writes (428) and refuses a malformed one (412)", async () => {
    expect((await call(versioned, "PUT", "/api/v1/test/versioned", { token, body: {} })).status).toBe(428);
    expect((await call(versioned, "PUT", "/api/v1/test/versioned", { token, body: {}, headers: { "if-match": "*" } })).status).toBe(412);
    const ok = await call(versioned, "PUT", "/api/v1/test/versioned", { token, body: {}, headers: { "if-match": '"v7"' } });
    expect(ok.json).toEqual({ expectedVersion: 7 });
  });

  it("never puts callers without a known address into one shared rate-limit bucket", async () => {
    const statuses: number[] = [];
    for (let caller = 0; caller < 4; caller++) {
      statuses.push((await call(limited, "POST", "/api/v1/test/limited", { headers: { "x-forwarded-for": "" } })).status);
    }
    expect(statuses).toEqual([204, 204, 204, 204]);
    const fromOneAddress = [];
    for (let attempt = 0; attempt < 3; attempt++)
      fromOneAddress.push((await call(limited, "POST", "/api/v1/test/limited", { ip: "10.200.0.1" })).status);
    expect(fromOneAddress).toEqual([204, 204, 429]);
  });

  it("replays an Idempotency-Key repeat without running the create again", async () => {
    const key = unique("key-");
    const first = await call(echo, "POST", "/api/v1/test/echo", { token, body: { name: "once" }, headers: { "idempotency-key": key } });
    const second = await call(echo, "POST", "/api/v1/test/echo", { token, body: { name: "once" }, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const reused = await call(echo, "POST", "/api/v1/test/echo", { token, body: { name: "other" }, headers: { "idempotency-key": key } });
    expect(reused.status).toBe(422);
    expect(reused.json).toMatchObject({ code: "idempotency_key_reused" });
  });

  it("refuses cookie-authenticated changes from another site", async () => {
    const { createSession } = await import("../auth/sessions");
    const { encode } = await import("next-auth/jwt");
    const { SESSION_COOKIE } = await import("../auth/config");
    const session = await db.$transaction((tx) => createSession(tx, user, { ip: null, userAgent: null, requestId: "t" }, null));
    const cookie = await encode({ token: { sid: session.id }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE });
    const headers = { cookie: `${SESSION_COOKIE}=${cookie}` };
    const crossSite = await call(echo, "POST", "/api/v1/test/echo", {
      body: { name: "x" },
      headers: { ...headers, origin: "https://evil.example", host: "127.0.0.1:3000" },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.json).toMatchObject({ code: "cross_origin" });
    const sameSite = await call(echo, "POST", "/api/v1/test/echo", {
      body: { name: "x" },
      headers: { ...headers, origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" },
    });
    expect(sameSite.status).toBe(201);
  });

  describe("a streamed body (no Content-Length; issue 23, finding 14)", () => {
    /** A POST to the echo route whose body is `stream`, sent as Next.js hands it over. */
    function post(stream: ReadableStream<Uint8Array>) {
      const request = new Request("http://127.0.0.1:3000/api/v1/test/echo", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-forwarded-for": "10.1.1.1" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      return echo(request, { params: Promise.resolve({}) });
    }

    it("over the limit answers 413 and leaves the rest unread; cancelling it would reset the connection before the answer", async () => {
      const cancel = vi.fn();
      const endless = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(new Uint8Array(100)), cancel });
      const response = await post(endless);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: "payload_too_large" });
      expect(cancel).not.toHaveBeenCalled();
    });

    it("that breaks off is a client that went away: logged at debug, never as an unhandled error", async () => {
      const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const debug = vi.spyOn(console, "debug").mockImplementation(() => undefined);
      // What Node's request stream fails with when the client's socket closes mid-body.
      const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
      const brokenOff = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"name":'));
          controller.error(aborted);
        },
      });
      const response = await post(brokenOff);
      expect(response.status).toBe(499);
      expect(errors).not.toHaveBeenCalled();
      expect(debug).toHaveBeenCalledWith(expect.stringMatching(/client went away .*\(aborted\)/));
      errors.mockRestore();
      debug.mockRestore();
    });
  });
});

describe("conditional reads and cache headers (issue 29)", () => {
  let token: string;
  let serialized = 0;
  let opened = 0;

  /** A read of public data whose body counts how often it is turned into JSON. */
  const publicReadOperation = defineOperation({
    method: "GET",
    path: "/api/v1/test/public",
    tag: "Test",
    summary: "public read",
    auth: "optional",
    cache: "public",
    versioned: true,
    query: z.strictObject({ fail: z.literal("yes").optional() }),
    responses: { 200: { description: "ok" } },
  });
  const publicRead = handle(publicReadOperation, async ({ query }) => {
    if (query?.fail) throw new NotFound("thing");
    return { body: { toJSON: () => ++serialized && { name: "public" } }, etag: '"v7"' };
  });

  /** A private read whose handler tries to make its answer public. */
  const privateReadOperation = defineOperation({
    method: "GET",
    path: "/api/v1/test/private",
    tag: "Test",
    summary: "private read",
    auth: "optional",
    responses: { 200: { description: "ok" } },
  });
  const privateRead = handle(privateReadOperation, async () => ({
    body: { secret: "mine" },
    headers: { "Cache-Control": "public, s-maxage=3600", Vary: "Accept" },
  }));

  /** A partial download: a 304 must not carry the range's own headers. */
  const partialOperation = defineOperation({
    method: "GET",
    path: "/api/v1/test/partial",
    tag: "Test",
    summary: "partial",
    auth: "none",
    responses: { 206: { description: "ok", binary: "application/octet-stream" } },
  });
  const partial = handle(partialOperation, async () => ({
    status: 206,
    etag: '"abc"',
    headers: { "Content-Range": "bytes 0-1/10", "Content-Length": "2", "Content-Disposition": "attachment" },
    stream: {
      contentType: "application/octet-stream",
      open: async () => {
        opened++;
        return new Blob([new Uint8Array([1, 2])]).stream();
      },
    },
  }));

  beforeAll(async () => {
    token = await tokenFor((await createUser()).id);
  });

  it("lets shared caches keep an answer of public data only for anonymous callers", async () => {
    const { SESSION_COOKIE } = await import("../auth/config");
    const anonymous = await call(publicRead, "GET", "/api/v1/test/public");
    expect(anonymous.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(anonymous.headers.get("vary")).toBe("Authorization, Cookie");
    const signedIn = await call(publicRead, "GET", "/api/v1/test/public", { token });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    // A stale session cookie makes no caller, but the answer is still not for everyone.
    const withCookie = await call(publicRead, "GET", "/api/v1/test/public", { headers: { cookie: `${SESSION_COOKIE}=stale` } });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get("cache-control")).toBe("private, no-store");
    const error = await call(publicRead, "GET", "/api/v1/test/public?fail=yes");
    expect(error.status).toBe(404);
    expect(error.headers.get("cache-control")).toBe("no-store");
    expect(error.headers.get("vary")).toBe("Authorization, Cookie");
  });

  it("never lets a handler make an answer public", async () => {
    const answer = await call(privateRead, "GET", "/api/v1/test/private");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("vary")).toBe("Authorization, Cookie");
    expect(answer.headers.get("etag")).toMatch(/^"h[\w-]{22}"$/);
  });

  it("answers a current version with 304 without serializing the body", async () => {
    serialized = 0;
    const answer = await call(publicRead, "GET", "/api/v1/test/public", { headers: { "if-none-match": 'W/"v6", W/"v7"' } });
    expect(answer.status).toBe(304);
    expect(answer.text).toBe("");
    expect(answer.headers.get("etag")).toBe('"v7"');
    expect(answer.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(serialized).toBe(0);
    expect((await call(publicRead, "GET", "/api/v1/test/public", { headers: { "if-none-match": '"v6"' } })).json).toEqual({
      name: "public",
    });
    expect(serialized).toBe(1);
  });

  it("answers 304 to a range request of the current file, without the range's headers and without opening it", async () => {
    opened = 0;
    const answer = await call(partial, "GET", "/api/v1/test/partial", { headers: { range: "bytes=0-1", "if-none-match": "*" } });
    expect(answer.status).toBe(304);
    expect(answer.headers.get("etag")).toBe('"abc"');
    expect(answer.headers.get("content-range")).toBeNull();
    expect(answer.headers.get("content-length")).toBeNull();
    expect(answer.headers.get("cache-control")).toBe("private, no-cache");
    expect(opened).toBe(0);
  });

  it("answers HEAD like GET", async () => {
    const head = await call(publicRead, "HEAD", "/api/v1/test/public");
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe('"v7"');
    expect(head.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect((await call(publicRead, "HEAD", "/api/v1/test/public", { headers: { "if-none-match": '"v7"' } })).status).toBe(304);
  });
});
