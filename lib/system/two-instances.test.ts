import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../db/client";
import { untilPrinted } from "../testing/printed";
import { createPartner, createProjectFor, createUser, testMeta, tokenFor } from "../testing/factories";

/**
 * Two instances, one state (DESIGN 1): two `npm start` servers on different ports share one
 * PostgreSQL database, one Redis and one file folder. What one instance changes holds on the other
 * at its next request: rate limits, revoked tokens, suspended users, ended sessions, uploaded images.
 * Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set; CI's services pass (CI_SERVICES=true) fails without them.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(databaseUrl && redisUrl) && inject("databaseKind") === "postgresql";
if (!enabled && process.env.CI_SERVICES === "true")
  throw new Error(
    "The two-instance test needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis): CI_SERVICES=true says both are there.",
  );
if (!enabled) console.warn("TEST_DATABASE_URL and TEST_REDIS_URL are not both set: the two-instance test is skipped.");

const root = path.join(import.meta.dirname, "../..");
const PORTS = (process.env.TWO_INSTANCE_PORTS ?? "3351,3352").split(",").map(Number);
const SECRET = "two-instances-secret-two-instances-secret-01";
const RATE_LIMIT = 20;
// The servers run in production mode: Secure, __Host- cookies (loopback http counts as secure).
const SESSION_COOKIE = "__Host-pums.session";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bf0000000049454e44ae426082",
  "hex",
);

interface Instance {
  base: string;
  process: ChildProcess;
  output: string[];
}

async function start(port: number, dataDir: string): Promise<Instance> {
  const output: string[] = [];
  const child = spawn("npm", ["start"], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "4",
      REDIS_URL: redisUrl,
      AUTH_SECRET: SECRET,
      DATA_DIR: dataDir,
      API_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      CALLER_CACHE_SECONDS: "30",
      // The database is every test file's: an instance's webhook dispatcher would deliver (and its
      // retention job remove) other files' rows while they run (webhooks.test.ts lost its delivery
      // to this file's instances once the PostgreSQL pass ran three workers).
      WEBHOOKS_DISPATCHER: "off",
      RETENTION_JOB: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const base = `http://127.0.0.1:${port}`;
  await untilPrinted(child, "Listening on", {
    name: `instance on ${port}`,
    output,
    timeoutMs: 120_000,
    // npm start runs the server as its child: stop the whole group this test started.
    onTimeout: () => process.kill(-child.pid!, "SIGTERM"),
  });
  return { base, process: child, output };
}

async function stop(instance: Instance | undefined) {
  if (!instance || instance.process.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.process.on("exit", resolve));
  // npm start runs the server as its child: signal the whole group this test started.
  process.kill(-instance.process.pid!, "SIGTERM");
  await exited;
}

function get(instance: Instance, target: string, auth: { token?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  return fetch(instance.base + target, { headers });
}

async function sessionCookie(userId: string) {
  const { encode } = await import("next-auth/jwt");
  const { createSession } = await import("../auth/sessions");
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const session = await db.$transaction((tx) => createSession(tx, user, testMeta(), null));
  const value = await encode({ token: { sid: session.id }, secret: SECRET, salt: SESSION_COOKIE });
  return { sessionId: session.id, cookie: `${SESSION_COOKIE}=${value}` };
}

describe.runIf(enabled)("two instances, one state (PostgreSQL + Redis)", () => {
  let a: Instance | undefined;
  let b: Instance | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "pums-two-instances-"));
    // Build first (slow on a busy machine), then start one after the other: the first creates the first Project lead.
    const { buildIfNeeded } = await import("../../scripts/build-if-needed");
    await buildIfNeeded();
    a = await start(PORTS[0], dataDir);
    b = await start(PORTS[1], dataDir);
  }, 900_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("both are ready: /api/health checks the database and Redis", async () => {
    for (const instance of [a!, b!]) {
      const response = await get(instance, "/api/health");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok", database: "ok", redis: "ok" });
    }
  });

  it("a rate limit counted on one holds on the other", async () => {
    const token = await tokenFor((await createUser()).id);
    for (let i = 0; i < RATE_LIMIT / 2; i++) expect((await get(a!, "/api/v1/users/me", { token })).status).toBe(200);
    for (let i = 0; i < RATE_LIMIT / 2; i++) expect((await get(b!, "/api/v1/users/me", { token })).status).toBe(200);
    const refused = await get(b!, "/api/v1/users/me", { token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await get(a!, "/api/v1/users/me", { token })).status).toBe(429);
  });

  it("a token revoked on one is refused on the other at the next request", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    expect((await get(b!, "/api/v1/users/me", { token })).status).toBe(200);
    const { id } = await db.apiToken.findFirstOrThrow({ where: { userId: user.id } });
    const revoked = await fetch(`${a!.base}/api/v1/users/me/tokens/${id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(204);
    expect((await get(b!, "/api/v1/users/me", { token })).status).toBe(401);
  });

  it("a user suspended on one is refused on the other at the next request (token and session)", async () => {
    const lead = await createUser({ roles: ["USER", "PROJECT_LEAD"] });
    const leadToken = await tokenFor(lead.id);
    const user = await createPartner();
    const token = await tokenFor(user.id);
    const { cookie } = await sessionCookie(user.id);
    expect((await get(b!, "/api/v1/users/me", { token })).status).toBe(200);
    expect((await get(b!, "/api/v1/users/me", { cookie })).status).toBe(200);
    const { version } = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    const suspended = await fetch(`${a!.base}/api/v1/users/${user.id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${leadToken}`, "content-type": "application/json", "if-match": `"v${version}"` },
      body: JSON.stringify({ suspended: true, suspensionReason: "two-instance test" }),
    });
    expect(suspended.status).toBe(200);
    expect((await get(b!, "/api/v1/users/me", { token })).status).toBe(401);
    expect((await get(b!, "/api/v1/users/me", { cookie })).status).toBe(401);
  });

  it("a session ended (signed out) on one is gone on the other", async () => {
    const user = await createUser();
    const { cookie, sessionId } = await sessionCookie(user.id);
    expect((await get(b!, "/api/v1/users/me", { cookie })).status).toBe(200);
    // Sign-out as the browser does it: next-auth's CSRF token, then POST /api/auth/signout on the other instance.
    const csrf = await get(a!, "/api/auth/csrf", { cookie });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const csrfCookie = csrf.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const signedOut = await fetch(`${a!.base}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `${cookie}; ${csrfCookie}`, "content-type": "application/x-www-form-urlencoded", origin: a!.base },
      body: new URLSearchParams({ csrfToken, callbackUrl: "/" }),
    });
    expect(signedOut.status).toBeLessThan(400);
    expect((await db.userSession.findUniqueOrThrow({ where: { id: sessionId } })).revokedAt).not.toBeNull();
    expect((await get(b!, "/api/v1/users/me", { cookie })).status).toBe(401);
  });

  it("a project made private through one is gone from the other's project, directory and page at the next request (data cache)", async () => {
    const owner = await createPartner();
    const token = await tokenFor(owner.id);
    const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC" });
    // Anonymous reads on b fill its data cache.
    expect((await get(b!, `/api/v1/projects/${project.id}`)).status).toBe(200);
    expect((await get(b!, `/projects/${project.slug}`)).status).toBe(200);
    const listed = async () =>
      ((await (await get(b!, `/api/v1/projects?q=${encodeURIComponent(project.name)}`)).json()) as { data: { id: string }[] }).data.map(
        (row) => row.id,
      );
    expect(await listed()).toContain(project.id);
    const settings = await get(a!, `/api/v1/projects/${project.id}/settings`, { token });
    const changed = await fetch(`${a!.base}/api/v1/projects/${project.id}/settings`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "if-match": settings.headers.get("etag")! },
      body: JSON.stringify({ ...(await settings.json()), visibility: "PRIVATE" }),
    });
    expect(changed.status).toBe(200);
    expect((await get(b!, `/api/v1/projects/${project.id}`)).status).toBe(404);
    expect((await get(b!, `/projects/${project.slug}`)).status).toBe(404);
    expect(await listed()).not.toContain(project.id);
  });

  it("an image uploaded through one is served by the other", async () => {
    const owner = await createPartner();
    const token = await tokenFor(owner.id);
    const project = await createProjectFor(owner, { status: "PUBLISHED" });
    const uploaded = await fetch(`${a!.base}/api/v1/projects/${project.id}/images/logo`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "image/png", "if-match": `"v${project.version}"` },
      body: new Uint8Array(PNG),
    });
    expect(uploaded.status).toBe(200);
    const served = await get(b!, `/api/v1/projects/${project.id}/images/logo`, { token });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
