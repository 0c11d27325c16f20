/**
 * revalidateEarly (lib/http/route.ts): an anonymous If-None-Match answered 304 before Next.js and
 * the route, from the validator the route's own answer left in the data cache. It must answer
 * exactly what the route would: never a 304 for a changed or hidden project, never for a caller
 * with a token or a session, and it counts the same rate limits. scripts/serve-revalidation.test.ts
 * checks it through the real server.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/projects/[id]/route";
import { OPERATIONS } from "@/lib/api/registry";
import { clearDataCache, dataGeneration, invalidateData, keepDerived, peekData } from "../cache/data-cache";
import { hit, RATE_LIMITS } from "../rate-limit";
import { updatePresentation } from "../projects/service";
import { settingsOf, updateSettings } from "../projects/settings";
import { actorOf, createPartner, createProjectFor, sessionCookieFor, testMeta, tokenFor } from "../testing/factories";
import { call } from "../testing/http";
import { statementsSent } from "../testing/statement-count";
import { PUBLIC_CACHE_CONTROL } from "./cache";
import { type EarlyRequest, revalidateEarly } from "./route";

type Owner = Awaited<ReturnType<typeof createPartner>>;
let owner: Owner;

beforeAll(async () => {
  owner = await createPartner();
});

afterEach(() => {
  delete process.env.DATA_CACHE_SECONDS;
});

let addresses = 0;
/** A fresh client address per test, so that rate-limit counts are the test's own. */
const freshIp = () => `10.77.${Math.floor(Math.random() * 250)}.${++addresses % 250}`;

function early(path: string, headers: Record<string, string>): EarlyRequest {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { method: "GET", url: path, headers: { get: (name) => lower[name] ?? null } };
}

/** A published public project read once anonymously through the route: its path and ETag. */
async function readOnce(ip: string) {
  const project = await createProjectFor(owner, { status: "PUBLISHED" });
  const path = `/api/v1/projects/${project.id}`;
  const read = await call(GET, "GET", path, { params: { id: project.id }, ip });
  expect(read.status).toBe(200);
  return { project, path, etag: read.headers.get("etag")! };
}

async function statementsOf(work: () => Promise<unknown>) {
  const before = statementsSent();
  await work();
  return statementsSent() - before;
}

describe("an anonymous If-None-Match answered before the route", () => {
  it("is the route's own 304, without a statement", async () => {
    const ip = freshIp();
    const { project, path, etag } = await readOnce(ip);
    let answer: Awaited<ReturnType<typeof revalidateEarly>> = null;
    expect(
      await statementsOf(async () => (answer = await revalidateEarly(early(path, { "if-none-match": etag, "x-forwarded-for": ip })))),
    ).toBe(0);
    expect(answer).not.toBeNull();
    const route = await call(GET, "GET", path, { params: { id: project.id }, ip, headers: { "if-none-match": etag } });
    expect(route.status).toBe(304);
    const { status, headers, body } = answer!;
    expect(status).toBe(304);
    expect(body).toBeNull();
    const routeHeaders = Object.fromEntries([...route.headers].filter(([name]) => name !== "x-request-id"));
    const earlyHeaders = Object.fromEntries(
      Object.entries(headers)
        .map(([name, value]) => [name.toLowerCase(), value])
        .filter(([name]) => name !== "x-request-id"),
    );
    expect(earlyHeaders).toEqual(routeHeaders);
    expect(earlyHeaders["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    expect(headers["X-Request-Id"]).toMatch(/^[\w-]{8,64}$/);
  });

  it("never answers a changed project: the route answers it, 200 with the new ETag", async () => {
    const ip = freshIp();
    const { project, path, etag } = await readOnce(ip);
    expect(await revalidateEarly(early(path, { "if-none-match": etag, "x-forwarded-for": ip }))).not.toBeNull();
    await updatePresentation(actorOf(owner), project.id, { name: `Renamed ${project.id}` }, project.version, testMeta());
    expect(await revalidateEarly(early(path, { "if-none-match": etag, "x-forwarded-for": ip }))).toBeNull();
    const route = await call(GET, "GET", path, { params: { id: project.id }, ip, headers: { "if-none-match": etag } });
    expect(route.status).toBe(200);
    expect(route.headers.get("etag")).not.toBe(etag);
  });

  it("never answers a project made private: the route answers it, 404", async () => {
    const ip = freshIp();
    const { project, path, etag } = await readOnce(ip);
    await updateSettings(actorOf(owner), project.id, { visibility: "PRIVATE", settings: settingsOf(project) }, project.version, testMeta());
    expect(await revalidateEarly(early(path, { "if-none-match": etag, "x-forwarded-for": ip }))).toBeNull();
    expect((await call(GET, "GET", path, { params: { id: project.id }, ip, headers: { "if-none-match": etag } })).status).toBe(404);
  });

  it("keeps nothing made from reads that a write overtook", async () => {
    const generation = dataGeneration();
    await invalidateData();
    keepDerived("validator:/overtaken", { etag: '"v1"' }, generation);
    expect(peekData("validator:/overtaken")).toBeUndefined();
    keepDerived("validator:/current", { etag: '"v1"' }, dataGeneration());
    expect(peekData("validator:/current")).toEqual({ etag: '"v1"' });
  });

  it("leaves callers with a token or a session, another ETag, and other addresses to the route", async () => {
    const ip = freshIp();
    const { path, etag } = await readOnce(ip);
    const token = await tokenFor(owner.id, ["read"]);
    const { header } = await sessionCookieFor(owner.id);
    expect(await revalidateEarly(early(path, { "if-none-match": etag, authorization: `Bearer ${token}` }))).toBeNull();
    expect(await revalidateEarly(early(path, { "if-none-match": etag, cookie: header }))).toBeNull();
    expect(await revalidateEarly(early(path, { "if-none-match": '"v999"' }))).toBeNull();
    expect(await revalidateEarly(early(path, {}))).toBeNull();
    expect(await revalidateEarly(early(`${path}?x=1`, { "if-none-match": etag }))).toBeNull();
    expect(await revalidateEarly({ ...early(path, { "if-none-match": etag }), method: "POST" })).toBeNull();
    // The route's answer to a signed-in caller keeps no validator for anyone.
    clearDataCache();
    await call(GET, "GET", path, { params: { id: path.split("/").pop()! }, token });
    expect(await revalidateEarly(early(path, { "if-none-match": etag }))).toBeNull();
  });

  it("keeps nothing with the data cache off", async () => {
    process.env.DATA_CACHE_SECONDS = "0";
    const ip = freshIp();
    const { path, etag } = await readOnce(ip);
    expect(await revalidateEarly(early(path, { "if-none-match": etag, "x-forwarded-for": ip }))).toBeNull();
  });

  it("counts the per-address rate limit, and answers 429 once it is spent", async () => {
    const ip = freshIp();
    const { path, etag } = await readOnce(ip);
    const before = await hit(RATE_LIMITS.apiPerCaller, `ip:${ip}`);
    for (let i = 0; i < 3; i++)
      expect((await revalidateEarly(early(path, { "if-none-match": etag, "x-forwarded-for": ip })))?.status).toBe(304);
    const after = await hit(RATE_LIMITS.apiPerCaller, `ip:${ip}`);
    expect(before.remaining - after.remaining).toBe(4);
    for (let i = 0; i < after.remaining; i++) await hit(RATE_LIMITS.apiPerCaller, `ip:${ip}`);
    const refused = await revalidateEarly(early(path, { "if-none-match": etag, "x-forwarded-for": ip }));
    expect(refused?.status).toBe(429);
    expect(JSON.parse(refused!.body!).code).toBe("rate_limited");
  });
});

describe("operations that revalidate early", () => {
  it("are the anonymous reads of public data named here, each argued in its declaration", () => {
    const early = OPERATIONS.filter((operation) => operation.revalidateEarly).map((operation) => `${operation.method} ${operation.path}`);
    expect(early).toEqual(["GET /api/v1/projects/{id}"]);
    for (const operation of OPERATIONS.filter((operation) => operation.revalidateEarly)) expect(operation.cache).toBe("public");
  });
});
