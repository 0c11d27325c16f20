// The benchmark's nginx configuration (bench/nginx/pums.conf) against a small upstream of our own:
// it caches what is marked public, and never stores or serves from the cache a request that names
// a caller, even when the answer (wrongly) says public. And docs/deploy.md shows the same file.
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NGINX_TEMPLATE, nginxBinary, type RunningProxy, startNginx } from "../bench/proxy";

const SESSION = "__Host-pums.session";

describe("docs/deploy.md", () => {
  it("shows the benchmark's nginx configuration as it is", () => {
    const doc = readFileSync(path.join(import.meta.dirname, "../docs/deploy.md"), "utf8");
    const template = readFileSync(NGINX_TEMPLATE, "utf8");
    expect(doc).toContain(`\`\`\`nginx\n${template}\`\`\``);
  });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!nginxBinary())("the benchmark's nginx in front of two instances", () => {
  let proxy: RunningProxy;
  const upstreams: http.Server[] = [];
  /** Requests the upstreams answered, per path. */
  const hits = new Map<string, number>();

  beforeAll(async () => {
    for (let index = 0; index < 2; index++) {
      // An upstream that marks every answer public and cacheable for a minute, the signed-in ones too
      // (a mistake the proxy must not turn into a leak), and says in the body who asked.
      const upstream = http.createServer((request, response) => {
        const url = request.url ?? "/";
        hits.set(url, (hits.get(url) ?? 0) + 1);
        const caller = request.headers.authorization ?? (request.headers.cookie?.includes(SESSION) ? request.headers.cookie : "anonymous");
        const etag = `"${Buffer.from(`${url}|${caller}`).toString("base64url")}"`;
        const headers = {
          "cache-control": "public, max-age=0, s-maxage=60, stale-while-revalidate=30",
          vary: "Authorization, Cookie",
          etag,
          "content-type": "text/plain",
        };
        if (request.headers["if-none-match"] === etag) {
          response.writeHead(304, headers).end();
          return;
        }
        response.writeHead(200, headers).end(`${url} for ${caller}`);
      });
      await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
      upstreams.push(upstream);
    }
    const [first, second] = upstreams.map((upstream) => `127.0.0.1:${(upstream.address() as AddressInfo).port}`);
    proxy = await startNginx(await freePort(), [first!, second!]);
  });

  afterAll(async () => {
    await proxy?.stop();
    for (const upstream of upstreams) upstream.close();
  });

  const get = async (target: string, headers: Record<string, string> = {}) => {
    const response = await fetch(proxy.base + target, { headers });
    return { status: response.status, body: await response.text(), cache: response.headers.get("x-cache-status") };
  };

  it("answers an anonymous public read from its cache after the first", async () => {
    expect(await get("/public")).toEqual({ status: 200, body: "/public for anonymous", cache: "MISS" });
    expect(await get("/public")).toEqual({ status: 200, body: "/public for anonymous", cache: "HIT" });
    expect(hits.get("/public")).toBe(1);
  });

  it("answers If-None-Match from its cache with a 304", async () => {
    const first = await fetch(`${proxy.base}/conditional`);
    const etag = first.headers.get("etag")!;
    const again = await fetch(`${proxy.base}/conditional`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("x-cache-status")).toBe("HIT");
    expect(hits.get("/conditional")).toBe(1);
  });

  for (const [label, credential] of [
    ["a token", { authorization: "Bearer alice-token" }],
    ["the session cookie", { cookie: `lang=de; ${SESSION}=alice-session` }],
    ["a split session cookie", { cookie: `${SESSION}.0=alice-part` }],
  ] as const) {
    it(`never stores nor serves from its cache a request with ${label}, before or after an anonymous answer is cached`, async () => {
      const target = `/mixed-${label.replaceAll(" ", "-")}`;
      const alice = Object.values(credential)[0]!;
      // Signed in first: the answer must not be stored for the anonymous visitor after.
      for (let round = 0; round < 3; round++) {
        const signedIn = await get(target, credential);
        expect(signedIn.body).toContain(alice);
        expect(signedIn.cache).toBe("BYPASS");
        const anonymous = await get(target);
        expect(anonymous.body).toBe(`${target} for anonymous`);
        expect(anonymous.body).not.toContain(alice);
        const bob = await get(target, { authorization: "Bearer bob-token" });
        expect(bob.body).toBe(`${target} for Bearer bob-token`);
      }
      // The anonymous answer is cached now; a signed-in request still reaches the app.
      expect((await get(target)).cache).toBe("HIT");
      const again = await get(target, credential);
      expect(again.body).toContain(alice);
      expect(again.cache).toBe("BYPASS");
    });
  }

  it("does not cache a cookie that only resembles the session's name as a signed-in request", async () => {
    await get("/lookalike", { cookie: "not-pums.session=1" });
    expect((await get("/lookalike", { cookie: "not-pums.session=1" })).cache).toBe("HIT");
  });
});
