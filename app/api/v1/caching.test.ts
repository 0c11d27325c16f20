/**
 * Conditional requests and cache headers on every API read (issue 29; docs/deploy.md, "What may be
 * cached"). Every GET operation of the registry is walked, so a new one is walked as soon as it is
 * registered: anonymously where it allows that, with a token, and with a portal session cookie.
 * - Each 2xx answer has an ETag, and the same request with `If-None-Match: <etag>` is a 304 with
 *   no body that keeps the ETag, Cache-Control and Vary (lists, `*` and weak comparison:
 *   lib/http/etag.test.ts).
 * - Only the reads of public data listed below, asked anonymously, may be kept by shared caches;
 *   a signed-in answer, an error, or any other operation's answer with `public` or `s-maxage` is a
 *   data leak and fails here.
 * - A taken-down project and a yanked release leave shared caches within the documented maximum.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { OPERATION_NAMES, OPERATIONS } from "@/lib/api/registry";
import { db } from "@/lib/db/client";
import { MAX_SECONDS_IN_SHARED_CACHE, PUBLIC_CACHE_CONTROL } from "@/lib/http/cache";
import type { Operation } from "@/lib/http/operation";
import { MODULE_NAMES } from "@/lib/projects/schemas";
import {
  createDownload,
  createProjectFor,
  createRelease,
  createUser,
  enableLauncher,
  inviteWith,
  sessionCookieFor,
  tokenFor,
} from "@/lib/testing/factories";
import { inProcessFetch, routeModule } from "@/lib/testing/in-process";

/**
 * The reads of public data a shared cache may keep when asked anonymously (issue 29): the
 * directory, a project, its releases and pages, the launcher list, manifests and keys, plus public
 * profile pictures and the OpenAPI document. Written out here, apart from the operations' own
 * `cache: "public"`, so that marking another operation public is a visible decision in this file.
 */
const PUBLIC_READS = new Set([
  "getOpenApiDocument",
  "getAvatar",
  "listProjects",
  "getProject",
  "listReleases",
  "getRelease",
  "listPages",
  "getPage",
  "listLauncherProjects",
  "getLauncherManifest",
  "getLauncherKeys",
]);

const GETS = OPERATIONS.filter((operation) => operation.method === "GET");
const nameOf = (operation: Operation) => operation.operationId ?? OPERATION_NAMES.get(operation)!;

/** Query strings some reads need to answer 2xx. */
const QUERIES: Record<string, string> = { listMemberCandidates: "?q=us" };

const SHARED_CACHE = /\bpublic\b|s-maxage/i;

interface World {
  ids: Record<string, string>;
  userId: string;
  platformWebhookId: string;
  token: string;
  cookie: string;
  privateProjectId: string;
}
let world: World;

function pathOf(operation: Operation, projectId = world.ids.id): string {
  const ids: Record<string, string> = { ...world.ids, id: projectId };
  if (operation.path.startsWith("/api/v1/users/")) ids.id = world.userId;
  if (operation.path.startsWith("/api/v1/webhooks/")) ids.webhookId = world.platformWebhookId;
  return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(ids[name])) + (QUERIES[nameOf(operation)] ?? "");
}

type Caller = "anonymous" | "token" | "cookie";

/** Each read from its own address, so that the walk's many anonymous reads stay within the per-address limit. */
let address = 0;

/** Calls the operation's own route handler (no path matching: `/users/me` is not `/users/{id}`). */
async function read(operation: Operation, caller: Caller, headers: Record<string, string> = {}, projectId?: string) {
  const credentials: Record<string, string> =
    caller === "token" ? { authorization: `Bearer ${world.token}` } : caller === "cookie" ? { cookie: world.cookie } : {};
  address++;
  const url = new URL(pathOf(operation, projectId), "http://127.0.0.1:3000");
  const request = new Request(url, {
    headers: { ...credentials, ...headers, "x-forwarded-for": `10.29.${address >> 8}.${address & 255}` },
  });
  const template = new RegExp(`^${operation.path.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`);
  const params = Object.fromEntries(
    Object.entries(template.exec(url.pathname)?.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
  );
  const response = await (await routeModule(operation.path)).GET(request, { params: Promise.resolve(params) });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

function expectPrivate(cacheControl: string | null) {
  expect(cacheControl).toMatch(/no-store|private/);
  expect(cacheControl).not.toMatch(SHARED_CACHE);
}

/** The checks every answer passes; `shareable` says whether this answer may be public. */
async function expectCacheRules(operation: Operation, caller: Caller, answer: Awaited<ReturnType<typeof read>>, shareable: boolean) {
  const cacheControl = answer.headers.get("cache-control");
  expect(answer.headers.get("vary")).toBe("Authorization, Cookie");
  if (answer.status >= 400) expect(cacheControl).toBe("no-store");
  else if (shareable) {
    expect(cacheControl).toBe(PUBLIC_CACHE_CONTROL);
    // A stored answer is read by everyone: no caller's rate-limit budget in it.
    expect(answer.headers.get("ratelimit-remaining")).toBeNull();
  } else expectPrivate(cacheControl);
  if (answer.status < 200 || answer.status >= 300) return;

  let etag = answer.headers.get("etag");
  expect(etag).toMatch(/^(W\/)?"[\x21\x23-\x7e]+"$/);
  let again = await read(operation, caller, { "if-none-match": etag! });
  // Lists over everyone's data (staff user search, the review queue) change when the test files
  // running beside this one write: a 200 with a new ETag is then right. Ask again with the new one
  // (on a busy machine the audit log moved five times in a row: up to twenty).
  for (let retry = 0; again.status === 200 && again.headers.get("etag") !== etag && retry < 20; retry++) {
    etag = again.headers.get("etag");
    again = await read(operation, caller, { "if-none-match": etag! });
  }
  expect(again.status).toBe(304);
  expect(again.bytes.length).toBe(0);
  expect(again.headers.get("etag")).toBe(etag);
  expect(again.headers.get("cache-control")).toBe(cacheControl);
  expect(again.headers.get("vary")).toBe("Authorization, Cookie");
}

async function api(method: string, url: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await inProcessFetch(`http://127.0.0.1:3000${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "x-forwarded-for": "10.29.0.2",
      ...(body === undefined ? {} : { "content-type": body instanceof Uint8Array ? "image/png" : "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
  });
  expect(response.status, `${method} ${url}: ${await response.clone().text()}`).toBeLessThan(300);
  return response;
}

/**
 * A published PUBLIC project with every module and something of each (a release with a file, a
 * page, a message, a logo, launcher settings, a webhook), owned by a staff member with every
 * platform permission, so that every read answers 2xx to the signed-in caller.
 */
async function buildWorld(): Promise<World> {
  const owner = await createUser({ roles: ["USER", "PARTNER", "PROJECT_LEAD"], partnerStatus: "ACTIVE" });
  const token = await tokenFor(owner.id);
  const modules = MODULE_NAMES.filter((module) => module !== "HOSTING");
  const project = await createProjectFor(owner, { modules });
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  await api("PUT", `/api/v1/projects/${project.id}/images/logo`, token, new Uint8Array(picture), { "if-match": '"v1"' });
  await api("PUT", "/api/v1/users/me/avatar", token, new Uint8Array(picture));
  await enableLauncher(project.id);
  const release = await createRelease(project.id);
  // An empty file: its bytes are never opened from the store.
  const file = await createDownload(project.id, { releaseId: release.id, sha256: createHash("sha256").digest("hex") });
  await db.projectPage.create({ data: { projectId: project.id, slug: "rules", title: "Rules", body: "Be kind", position: 0 } });
  await db.projectMessage.create({ data: { projectId: project.id, authorId: owner.id, title: "Hello", body: "Out now" } });
  const webhook = await db.webhook.create({
    data: { projectId: project.id, url: "https://hooks.example.test/a", events: ["*"], secretSealed: "x" },
  });
  const platformWebhook = await db.webhook.create({ data: { url: "https://hooks.example.test/b", events: ["*"], secretSealed: "x" } });
  await db.project.update({
    where: { id: project.id },
    data: {
      status: "PUBLISHED",
      publishedAt: new Date(),
      trusted: true,
      settings: { supportLinks: [{ label: "Ko-fi", url: "https://ko-fi.com/walk" }] },
    },
  });
  const invitee = await createUser();
  const invitation = await inviteWith(project.id, invitee.id, "MEMBER", owner.id);
  const hidden = await createProjectFor(owner, { modules, visibility: "PRIVATE" });
  await db.project.update({ where: { id: hidden.id }, data: { status: "PUBLISHED" } });
  return {
    ids: {
      id: project.id,
      releaseId: release.id,
      fileId: file.id,
      pageSlug: "rules",
      webhookId: webhook.id,
      kind: "logo",
      invitationId: invitation.id,
    },
    userId: owner.id,
    platformWebhookId: platformWebhook.id,
    token,
    cookie: (await sessionCookieFor(owner.id)).header,
    privateProjectId: hidden.id,
  };
}

describe("every API read", () => {
  beforeAll(async () => {
    world = await buildWorld();
  }, 120_000);

  it("marks as public exactly the reads of public data listed here", () => {
    const marked = GETS.filter((operation) => operation.cache === "public").map(nameOf);
    expect(new Set(marked)).toEqual(PUBLIC_READS);
    expect(OPERATIONS.filter((operation) => operation.method !== "GET" && operation.cache)).toEqual([]);
  });

  it.each(GETS.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    "%s: ETag, 304 and private answers for signed-in callers",
    async (_label, operation) => {
      for (const caller of ["token", "cookie"] as const) {
        const answer = await read(operation, caller);
        expect(answer.status, `${caller}: ${answer.bytes.toString("utf8").slice(0, 300)}`).toBeGreaterThanOrEqual(200);
        expect(answer.status).toBeLessThan(300);
        await expectCacheRules(operation, caller, answer, false);
      }
    },
  );

  it.each(
    GETS.filter((operation) => operation.auth !== "required").map(
      (operation) => [`${operation.method} ${operation.path}`, operation] as const,
    ),
  )("%s: anonymous answers are public only for public data", async (_label, operation) => {
    const answer = await read(operation, "anonymous");
    await expectCacheRules(operation, "anonymous", answer, PUBLIC_READS.has(nameOf(operation)) && answer.status < 300);
    if (PUBLIC_READS.has(nameOf(operation))) expect(answer.status).toBe(200);
    // A request with an Authorization header is never answered for everyone, even where the token is not looked at.
    if (operation.auth === "none") await expectCacheRules(operation, "token", await read(operation, "token"), false);
  });

  it.each(
    GETS.filter((operation) => operation.auth !== "required" && operation.path.startsWith("/api/v1/projects/{id}")).map(
      (operation) => [operation.path, operation] as const,
    ),
  )("%s of a PRIVATE project read anonymously is a 404 nobody stores", async (_label, operation) => {
    const answer = await read(operation, "anonymous", {}, world.privateProjectId);
    expect(answer.status).toBe(404);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("etag")).toBeNull();
  });

  it("keeps a public answer in shared caches no longer than docs/deploy.md promises", () => {
    const deploy = readFileSync(path.join(import.meta.dirname, "../../../docs/deploy.md"), "utf8");
    const promised = Number(/at most (\d+) seconds/.exec(deploy)?.[1]);
    const directive = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(PUBLIC_CACHE_CONTROL)?.[1]);
    expect(directive("s-maxage") + directive("stale-while-revalidate")).toBe(MAX_SECONDS_IN_SHARED_CACHE);
    expect(MAX_SECONDS_IN_SHARED_CACHE).toBeLessThanOrEqual(promised);
    expect(PUBLIC_CACHE_CONTROL).not.toMatch(/stale-if-error/);
  });
});

describe("a takedown and a yank", () => {
  it("turn the public answers into 404s nobody stores, after answers cached for at most the documented time", async () => {
    const lead = await createUser({ roles: ["USER", "PARTNER", "PROJECT_LEAD"], partnerStatus: "ACTIVE" });
    const token = await tokenFor(lead.id);
    const project = await createProjectFor(lead, { modules: ["DOWNLOADS"], status: "PUBLISHED" });
    const release = await createRelease(project.id);
    const anonymous = async (url: string) => {
      const response = await inProcessFetch(`http://127.0.0.1:3000${url}`, { headers: { "x-forwarded-for": "10.29.0.3" } });
      return { status: response.status, cacheControl: response.headers.get("cache-control")!, etag: response.headers.get("etag") };
    };
    const cachedFor = (cacheControl: string) =>
      Number(/s-maxage=(\d+)/.exec(cacheControl)?.[1]) + Number(/stale-while-revalidate=(\d+)/.exec(cacheControl)?.[1] ?? 0);
    const releaseUrl = `/api/v1/projects/${project.id}/releases/${release.id}`;

    const before = await anonymous(releaseUrl);
    expect(before.status).toBe(200);
    expect(cachedFor(before.cacheControl)).toBeLessThanOrEqual(MAX_SECONDS_IN_SHARED_CACHE);
    await api("PATCH", releaseUrl, token, { state: "YANKED" }, { "if-match": before.etag! });
    expect(await anonymous(releaseUrl)).toMatchObject({ status: 404, cacheControl: "no-store", etag: null });

    const shown = await anonymous(`/api/v1/projects/${project.id}`);
    expect(shown.status).toBe(200);
    expect(cachedFor(shown.cacheControl)).toBeLessThanOrEqual(MAX_SECONDS_IN_SHARED_CACHE);
    await api("POST", `/api/v1/projects/${project.id}/status`, token, { status: "REJECTED", reason: "Taken down for the test" });
    expect(await anonymous(`/api/v1/projects/${project.id}`)).toMatchObject({ status: 404, cacheControl: "no-store", etag: null });
    expect(await anonymous(`/api/v1/projects/${project.id}/releases`)).toMatchObject({ status: 404, cacheControl: "no-store" });
  });
});
