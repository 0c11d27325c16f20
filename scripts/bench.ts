// npm run bench: throughput, latency and SQL statements per request of the project reads on
// PostgreSQL with 1,000 and 100,000 projects (10 memberships each), each measured against the
// framework's floor (GET /api/ping) in the same run.
// Needs PostgreSQL (BENCH_DATABASE_URL, default the local server); creates pums_bench_* databases
// (BENCH_DATABASE_PREFIX to choose another prefix; BENCH_PORT, default 3400, for the server).
// Then the file benchmark (bench/files.ts): upload and download of a 1 GiB file against a disk copy
// and the server's memory growth. One report, bench/results/<date>.md, with one targets table.
// Then the webhook benchmark (bench/webhooks.ts): writes with 10 webhooks against none, and
// deliveries at 1,000 events per minute. Then the proxy part (bench/proxied.ts): nginx caching in front
// of two instances on PostgreSQL and Redis (BENCH_REDIS_URL), with the check that a signed-in answer
// never reaches anyone else. BENCH_ONLY=projects, proxy, files or webhooks runs one part; BENCH_PAGES
// (names of bench/pages.ts, separated by commas) limits the portal pages measured.
// --scale=million (or BENCH_SCALE=million) adds the staff reads at 1,000,000 users (bench/scale.ts;
// BENCH_ONLY=scale runs it alone). --proxy-check runs the proxy check alone and writes no report.
import { spawn, type ChildProcess } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { statementsPerRequest } from "../bench/count-statements";
import { benchFiles, fileReport } from "../bench/files";
import { load, type LoadResult } from "../bench/load";
import { benchWebhooks, webhookReport } from "../bench/webhooks";
import { seedBenchData } from "../bench/seed";
import { FLOOR_PAGE, pagesToMeasure, PAGES as ALL_PAGES, SIGNED_IN_FLOOR } from "../bench/pages";
import { benchProxy, proxyReport } from "../bench/proxied";
import { explainStaffReads, measureStaffReads, type ScaleRun, scaleReport, seedScale, staffToken } from "../bench/scale";
import { migratePostgres } from "../lib/db/migrations/run";
import { buildIfNeeded } from "./build-if-needed";

const root = path.join(import.meta.dirname, "..");
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const SIZES = (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3400);
/** Databases are named `<prefix>_<size>` and `<prefix>_files`: engineers sharing one PostgreSQL choose their own. */
const PREFIX = process.env.BENCH_DATABASE_PREFIX ?? "pums_bench";
const SECRET = "bench-secret-bench-secret-bench-secret-0123";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
/** The launcher manifest's signing key of this run, the same on every instance (docs/launcher.md). */
const LAUNCHER_SIGNING_KEY = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "der" }).toString("base64");
const args = process.argv.slice(2);
const PROXY_CHECK_ONLY = args.includes("--proxy-check");
const SCALE = args.find((arg) => arg.startsWith("--scale="))?.slice("--scale=".length) ?? process.env.BENCH_SCALE ?? "";
if (SCALE && SCALE !== "million") throw new Error(`--scale=${SCALE}: the only scale is "million"`);

function databaseUrl(name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function prepareDatabase(size: number): Promise<string> {
  const url = await migratedDatabase(`${PREFIX}_${size}`);
  const started = Date.now();
  await seedBenchData(url, size);
  console.log(`${PREFIX}_${size}: ${size} projects ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return url;
}

/** A database of its own with every migration applied (created when missing). */
async function migratedDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`The benchmark needs PostgreSQL at ${adminUrl} (set BENCH_DATABASE_URL): ${(error as Error).message}`);
  }
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = databaseUrl(name);
  await migratePostgres(url);
  return url;
}

// The server runs in production mode: the session cookie is Secure and __Host- prefixed.
const SESSION_COOKIE = "__Host-pums.session";

/** A token and a portal session of the benchmark user (on 20 teams), and one of its projects. */
async function benchCaller(url: string): Promise<{ token: string; cookie: string; projectId: string }> {
  process.env.DATABASE_URL = url;
  const { db, disconnectDatabase } = await import("../lib/db/client");
  const { issueToken } = await import("../lib/auth/tokens");
  const { createSession } = await import("../lib/auth/sessions");
  const { encode } = await import("next-auth/jwt");
  const created = await db.$transaction((tx) =>
    issueToken(
      tx,
      "bench",
      { name: "bench", scopes: ["read"], expiresInDays: 1 },
      { actorId: "bench", via: "SYSTEM" },
      { authenticatedAt: new Date() },
    ),
  );
  const user = await db.user.findUniqueOrThrow({ where: { id: "bench" } });
  const session = await db.$transaction((tx) => createSession(tx, user, { ip: "127.0.0.1", userAgent: "bench", requestId: "bench" }, null));
  const cookie = `${SESSION_COOKIE}=${await encode({ token: { sid: session.id }, secret: SECRET, salt: SESSION_COOKIE })}`;
  const membership = await db.projectMember.findFirstOrThrow({ where: { userId: "bench" } });
  await disconnectDatabase();
  return { token: created.token, cookie, projectId: membership.projectId };
}

async function countStatements(url: string, token: string, projectId: string) {
  process.env.DATABASE_URL = url;
  process.env.AUTH_SECRET = SECRET;
  const one = await import("../app/api/v1/projects/[id]/route");
  const list = await import("../app/api/v1/projects/route");
  const { disconnectDatabase } = await import("../lib/db/client");
  const { clearDataCache } = await import("../lib/cache/data-cache");
  const headers = { authorization: `Bearer ${token}`, "x-forwarded-for": "127.0.0.1" };
  const readOne = () =>
    one.GET(new Request(`http://127.0.0.1/api/v1/projects/${projectId}`, { headers }), { params: Promise.resolve({ id: projectId }) });
  const listMine = () =>
    list.GET(new Request("http://127.0.0.1/api/v1/projects?limit=20&member=me", { headers }), { params: Promise.resolve({}) });
  const read = await statementsPerRequest(readOne);
  const listed = await statementsPerRequest(listMine);
  // The same with the data cache emptied before each request: what a read costs the first time.
  const readMiss = await statementsPerRequest(readOne, 20, clearDataCache);
  const listedMiss = await statementsPerRequest(listMine, 20, clearDataCache);
  await disconnectDatabase();
  return { read, listed, readMiss, listedMiss };
}

async function startServer(url: string, extraEnv: Record<string, string> = {}, port = PORT): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: url,
      AUTH_SECRET: SECRET,
      API_RATE_LIMIT_PER_MINUTE: "100000000",
      DATABASE_POOL_SIZE: "10",
      LAUNCHER_SIGNING_KEY,
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on("data", (chunk) => String(chunk).includes("Listening") && resolve());
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
}

async function stopServer(server: ChildProcess) {
  const exited = new Promise((resolve) => server.on("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

interface SizeResult {
  size: number;
  floor: LoadResult;
  read: LoadResult;
  list: LoadResult;
  /** One connection, no queueing: the latency a single client sees. */
  listAlone: LoadResult;
  statements: { read: number; listed: number; readMiss: number; listedMiss: number };
  /** Portal pages (largest size only): time to first byte against a no-op page. */
  pages?: PageResult[];
}

const PAGE_CONNECTIONS = Number(process.env.BENCH_PAGE_CONNECTIONS ?? 8);
/**
 * Rounds over the list of pages. The machine's noise comes in bursts that last seconds, so each
 * page is measured right next to the floor page, in every round, and its ratio is the median of
 * those paired ratios: a burst then slows both halves of a pair, not one page against a floor
 * measured minutes apart.
 */
/** Odd, so that the median is one round's ratio. */
const PAGE_ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 9) | 1;
const PAGE_SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? 2);
/** BENCH_PAGES=directory,my-projects measures only those portal pages (bench/pages.ts names them). */
const PAGES = pagesToMeasure(process.env.BENCH_PAGES);

/** A portal page against the floor page: the round with the median ratio, and every round's ratio. */
interface PageResult {
  label: string;
  page: LoadResult;
  floor: LoadResult;
  ratio: number;
  ratios: number[];
  /** Responses other than 200, over all rounds. */
  errors: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(size: number, withPages: boolean): Promise<SizeResult> {
  const url = await prepareDatabase(size);
  const { token, cookie, projectId } = await benchCaller(url);
  const statements = await countStatements(url, token, projectId);
  const server = await startServer(url);
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const headers = { authorization: `Bearer ${token}` };
    const run = (target: string, seconds = SECONDS) => load(base + target, { connections: CONNECTIONS, seconds, headers });
    await run("/api/ping", 2);
    await run(`/api/v1/projects/${projectId}`, 2);
    await run("/api/v1/projects?limit=20&member=me", 2);
    const floor = await run("/api/ping");
    const read = await run(`/api/v1/projects/${projectId}`);
    const list = await run("/api/v1/projects?limit=20&member=me");
    const listAlone = await load(`${base}/api/v1/projects?limit=20&member=me`, { connections: 1, seconds: 4, headers });
    console.log(`${size}: floor ${floor.rps.toFixed(0)} req/s, read ${read.rps.toFixed(0)} req/s, list ${list.rps.toFixed(0)} req/s`);
    // Every page in every round, each time right next to the floor page (which of the two goes
    // first alternates, so that a trend within a pair favours neither).
    const measurePage = (page: { target: string; signedIn: boolean }, seconds: number) =>
      load(base + page.target, { connections: PAGE_CONNECTIONS, seconds, headers: page.signedIn ? { cookie } : {} });
    const rounds = new Map<string, { page: LoadResult; floor: LoadResult }[]>();
    if (withPages) await measurePage(FLOOR_PAGE, 2);
    for (let round = 1; round <= (withPages ? PAGE_ROUNDS : 0); round++) {
      for (const entry of PAGES) {
        if (round === 1) await measurePage(entry, 2);
        const pageFirst = round % 2 === 0;
        const first = await measurePage(pageFirst ? entry : FLOOR_PAGE, PAGE_SECONDS);
        const second = await measurePage(pageFirst ? FLOOR_PAGE : entry, PAGE_SECONDS);
        const pair = pageFirst ? { page: first, floor: second } : { page: second, floor: first };
        console.log(
          `${size}, round ${round}: ${entry.target} TTFB p50 ${pair.page.ttfbP50.toFixed(1)} ms against the floor page's ${pair.floor.ttfbP50.toFixed(1)} ms, ${pair.page.errors} errors`,
        );
        rounds.set(entry.label, [...(rounds.get(entry.label) ?? []), pair]);
      }
    }
    const pages: PageResult[] = [...rounds].map(([label, pairs]) => {
      const ratios = pairs.map((pair) => pair.page.ttfbP50 / pair.floor.ttfbP50);
      const middle = pairs[ratios.indexOf(median(ratios))]!;
      const errors = pairs.reduce((sum, pair) => sum + pair.page.errors + pair.floor.errors, 0);
      return { label, page: middle.page, floor: middle.floor, ratio: median(ratios), ratios, errors };
    });
    return { size, floor, read, list, listAlone, statements, pages };
  } finally {
    await stopServer(server);
  }
}

function row(label: string, result: LoadResult, floor: LoadResult) {
  return `| ${label} | ${result.rps.toFixed(0)} | ${(result.rps / floor.rps).toFixed(2)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.requests} | ${result.errors} |`;
}

function verdict(ok: boolean) {
  return ok ? "met" : "**not met**";
}

/** The project section of the report (reads, lists, portal pages) and its rows of the targets table. */
function projectReport(results: SizeResult[]): { section: string[]; targets: string[] } {
  const small = results[0];
  const large = results[results.length - 1];
  const lines = [
    "## Project reads and portal pages",
    "",
    `Load: ${CONNECTIONS} keep-alive connections, ${SECONDS} s per measurement after a 2 s warm-up, generated on the same machine (it competes for the same cores, so absolute numbers are low; the ratios are what counts).`,
    "All requests carry a personal access token (`read` scope) of a user who is on 20 teams. Ratios are to the floor measured in the same run:",
    "`GET /api/ping`, a route handler that does nothing, on the same server. What limits throughput and what would raise it: docs/performance.md.",
    "",
  ];
  for (const result of results) {
    lines.push(
      `### ${result.size.toLocaleString("en")} projects, ${(result.size * 10 + 20).toLocaleString("en")} memberships`,
      "",
      "| request | req/s | × floor | p50 ms | p99 ms | requests | errors |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      row("floor: `GET /api/ping`", result.floor, result.floor),
      row("`GET /api/v1/projects/{id}`", result.read, result.floor),
      row("`GET /api/v1/projects?limit=20&member=me`", result.list, result.floor),
      "",
      `One connection alone (no queueing), the list: p50 ${result.listAlone.p50.toFixed(2)} ms, p99 ${result.listAlone.p99.toFixed(2)} ms over ${result.listAlone.requests} requests.`,
      "",
      `SQL statements per request: read ${result.statements.read.toFixed(2)}, list ${result.statements.listed.toFixed(2)} from the data cache; read ${result.statements.readMiss.toFixed(2)}, list ${result.statements.listedMiss.toFixed(2)} when it is empty (counted in-process over 20 requests after a warm-up; the caller cache answers the token check).`,
      "",
    );
    if (result.pages?.length) {
      lines.push(
        `#### Portal pages (${PAGE_CONNECTIONS} connections; anonymous unless signed in)`,
        "",
        "| page | TTFB p50 ms | floor page TTFB p50 ms | × floor page | ratio in each round | req/s | p99 ms | requests | errors |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        ...result.pages.map(
          ({ label, page, floor, ratio, ratios, errors }) =>
            `| ${label} | ${page.ttfbP50.toFixed(1)} | ${floor.ttfbP50.toFixed(1)} | ${ratio.toFixed(2)} | ${ratios.map((value) => value.toFixed(2)).join(", ")} | ${page.rps.toFixed(0)} | ${page.p99.toFixed(1)} | ${page.requests} | ${errors} |`,
        ),
        "",
        ...(PAGES.length < ALL_PAGES.length ? [`Only the pages BENCH_PAGES names: ${PAGES.map((page) => page.name).join(", ")}.`, ""] : []),
        `The floor page is the no-op server component page \`/ping\`, anonymous. In each of ${PAGE_ROUNDS} rounds every page is measured for ${PAGE_SECONDS} s right next to the floor page (after a 2 s warm-up of each in the first round; which of the two goes first alternates between rounds), and each round gives a ratio of the two TTFB p50s. A page's ratio is the median of its rounds; the row shows the round with that ratio. Errors are counted over all rounds, the floor page's included.`,
        "",
      );
    }
  }
  const readRatio = large.read.rps / large.floor.rps;
  const listRatio = large.list.rps / large.floor.rps;
  const growth = large.listAlone.p50 / small.listAlone.p50;
  const readP99 = large.read.p99 / large.floor.p99;
  const listP99 = large.list.p99 / large.floor.p99;
  const signedInFloor = large.pages?.find((page) => page.label === SIGNED_IN_FLOOR);
  const pageRows = (large.pages ?? [])
    .filter((page) => page.label !== SIGNED_IN_FLOOR)
    .map(({ label, page, floor, ratio, errors }) => {
      // For information: a signed-in page against the no-op page with the same (signed-in) header.
      const signedIn =
        PAGES.find((entry) => entry.label === label)?.signedIn && signedInFloor
          ? ` (${(ratio / signedInFloor.ratio).toFixed(2)} × the signed-in no-op page: the ratio of the two medians)`
          : "";
      return `| ${label.split(" `")[0]}: TTFB p50 ≤ 1.5 × no-op page | median of ${PAGE_ROUNDS} paired rounds: ${ratio.toFixed(2)} × (that round: ${page.ttfbP50.toFixed(1)} ms vs ${floor.ttfbP50.toFixed(1)} ms)${signedIn} | ${verdict(ratio <= 1.5 && errors === 0)} |`;
    });
  const targets = [
    `| read ≥ 0.7 × floor (100,000 projects) | ${readRatio.toFixed(2)} | ${verdict(readRatio >= 0.7)} |`,
    `| list ≥ 0.7 × floor (100,000 projects) | ${listRatio.toFixed(2)} | ${verdict(listRatio >= 0.7)} |`,
    `| read p99 ≤ 2 × floor p99 | ${large.read.p99.toFixed(1)} ms vs ${large.floor.p99.toFixed(1)} ms: ${readP99.toFixed(2)} × | ${verdict(readP99 <= 2)} |`,
    `| list p99 ≤ 2 × floor p99 | ${large.list.p99.toFixed(1)} ms vs ${large.floor.p99.toFixed(1)} ms: ${listP99.toFixed(2)} × | ${verdict(listP99 <= 2)} |`,
    ...pageRows,
    `| list latency (p50, one connection) at 100,000 ≤ 1.5 × at 1,000 | ${large.listAlone.p50.toFixed(2)} ms vs ${small.listAlone.p50.toFixed(2)} ms: ${growth.toFixed(2)} × | ${verdict(growth <= 1.5)} |`,
    `| ≤ 3 SQL statements per read (data cache empty) | read ${large.statements.readMiss.toFixed(2)}, list ${large.statements.listedMiss.toFixed(2)} | ${verdict(large.statements.readMiss <= 3 && large.statements.listedMiss <= 3)} |`,
  ];
  return { section: lines, targets };
}

/** One report: what ran, then a single targets table over all of it. */
function report(parts: { section: string[]; targets: string[] }[], loadAtStart: number, timings: string[]): string {
  return [
    `# Benchmark of ${new Date().toISOString().slice(0, 10)}`,
    "",
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end (other work on the machine skews the ratios). PostgreSQL at ${new URL(adminUrl).host}. Duration of the parts: ${timings.join(", ")}.`,
    "",
    ...parts.flatMap((part) => part.section),
    "## Targets",
    "",
    "| target | measured | verdict |",
    "| --- | --- | --- |",
    ...parts.flatMap((part) => part.targets),
    "",
  ].join("\n");
}

/** The staff reads at 1,000 and at 1,000,000 users, each database seeded once and kept. */
async function measureScale(): Promise<ScaleRun[]> {
  const runs: ScaleRun[] = [];
  for (const factor of [1, 1000]) {
    const url = await migratedDatabase(`${PREFIX}_scale_${factor * 1000}`);
    const seed = await seedScale(url, factor);
    const token = await staffToken(url);
    const server = await startServer(url);
    try {
      const reads = await measureStaffReads(`http://127.0.0.1:${PORT}`, token, SECONDS);
      console.log(`scale ${seed.users} users: ${reads.map((read) => `p50 ${read.p50.toFixed(2)} ms`).join(", ")}`);
      runs.push({ seed, reads, plans: await explainStaffReads(url) });
    } finally {
      await stopServer(server);
    }
  }
  return runs;
}

/** The proxy part: two instances on PORT+2 and PORT+3 sharing the database and Redis, nginx on PORT+4. */
async function measureProxy(checkOnly: boolean) {
  const url = await migratedDatabase(`${PREFIX}_proxy`);
  return benchProxy({
    databaseUrl: url,
    secret: SECRET,
    port: PORT + 2,
    connections: CONNECTIONS,
    seconds: SECONDS,
    checkOnly,
    start: (port) => startServer(url, { REDIS_URL, TRUST_PROXY: "true" }, port),
    stop: stopServer,
  });
}

const loadAtStart = os.loadavg()[0]!;
await buildIfNeeded();
if (PROXY_CHECK_ONLY) {
  const { check } = await measureProxy(true);
  console.log(check.failures.length ? `The proxy check FAILED: ${check.failures.length} wrong answers.` : "The proxy check passed.");
  process.exit(check.failures.length ? 1 : 0);
}
const only = process.env.BENCH_ONLY;
const timings: string[] = [];
const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = Date.now();
  const result = await work();
  timings.push(`${label} ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  return result;
};
const parts = [];
if (!only || only === "projects") {
  const results = await timed("projects", async () => {
    const measured = [];
    for (const size of SIZES) measured.push(await measure(size, size === SIZES[SIZES.length - 1]));
    return measured;
  });
  parts.push(projectReport(results));
}
if ((SCALE === "million" && !only) || only === "scale") {
  const [small, large] = await timed("million", measureScale);
  parts.push(scaleReport(small!, large!));
}
if (!only || only === "proxy") parts.push(proxyReport(await timed("proxy", () => measureProxy(false)), CONNECTIONS, SECONDS));
if (!only || only === "files")
  parts.push(fileReport(await timed("files", async () => benchFiles(await migratedDatabase(`${PREFIX}_files`), PORT + 1))));
if (!only || only === "webhooks") {
  const result = await timed("webhooks", async () => {
    const url = await migratedDatabase(`${PREFIX}_webhooks`);
    return benchWebhooks({
      databaseUrl: url,
      secret: SECRET,
      start: async (env) => ({ base: `http://127.0.0.1:${PORT}`, server: await startServer(url, env) }),
      stop: stopServer,
    });
  });
  parts.push(webhookReport(result));
}
const dir = path.join(root, "bench/results");
await mkdir(dir, { recursive: true });
const name = only ?? (SCALE ? SCALE : "");
const file = path.join(dir, `${new Date().toISOString().slice(0, 10)}${name ? `-${name}` : ""}.md`);
const text = report(parts, loadAtStart, timings);
await writeFile(file, text);
console.log(`Wrote ${path.relative(root, file)}`);
console.log(text.split("## Targets")[1]);
process.exit(0);
