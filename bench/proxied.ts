// The proxy part of npm run bench: nginx (bench/nginx/pums.conf) caching in front of two instances
// that share PostgreSQL and Redis. First the proof that a signed-in answer never reaches anyone
// else (bench/proxy-check.ts), then anonymous reads through the proxy's cache against the floor,
// and a 304 revalidation against a 200 read of the same project on one instance.
import type { ChildProcess } from "node:child_process";
import { load, type LoadResult } from "./load";
import { benchPartner } from "./partner";
import { proxyCheck, proxyCheckReport, type ProxyCheckResult } from "./proxy-check";
import { startNginx } from "./proxy";

export interface ProxyBenchSetup {
  databaseUrl: string;
  secret: string;
  /** Port of the first instance; the second listens on port+1, nginx on port+2. */
  port: number;
  connections: number;
  seconds: number;
  start(port: number): Promise<ChildProcess>;
  stop(server: ChildProcess): Promise<void>;
  /** Only the check, no measurements. */
  checkOnly?: boolean;
}

export interface ProxyBenchResult {
  check: ProxyCheckResult;
  measured?: {
    floor: LoadResult;
    read: LoadResult;
    manifest: LoadResult;
    /** Paired rounds on one instance, anonymous: the 200 read and its 304 revalidation. */
    revalidation: { ok: LoadResult; notModified: LoadResult; ratio: number }[];
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ROUNDS = 3;

export async function benchProxy(setup: ProxyBenchSetup): Promise<ProxyBenchResult> {
  process.env.DATABASE_URL = setup.databaseUrl;
  const { publishedProject, disconnectDatabase } = await benchPartner("proxy");
  const projectId = await publishedProject("Bench proxy", ["DOWNLOADS", "LAUNCHER"]);
  await disconnectDatabase();

  const instances = [await setup.start(setup.port), await setup.start(setup.port + 1)];
  const proxy = await startNginx(setup.port + 2, [`127.0.0.1:${setup.port}`, `127.0.0.1:${setup.port + 1}`]);
  try {
    const check = await proxyCheck(proxy.base, setup.secret);
    console.log(
      `proxy check: ${check.requests} requests, ${check.failures.length} wrong; anonymous cache ${JSON.stringify(check.anonymousCache)}`,
    );
    for (const failure of check.failures) console.log(`  ${failure}`);
    if (setup.checkOnly) return { check };

    const direct = `http://127.0.0.1:${setup.port}`;
    const run = (url: string, seconds: number, headers: Record<string, string> = {}, expectStatus = 200) =>
      load(url, { connections: setup.connections, seconds, headers, expectStatus, countHeader: "x-cache-status" });
    const readPath = `/api/v1/projects/${projectId}`;
    const manifestPath = `/api/v1/launcher/projects/${projectId}/manifest`;
    await run(`${direct}/api/ping`, 2);
    await run(proxy.base + readPath, 2);
    await run(proxy.base + manifestPath, 2);
    const floor = await run(`${direct}/api/ping`, setup.seconds);
    const read = await run(proxy.base + readPath, setup.seconds);
    const manifest = await run(proxy.base + manifestPath, setup.seconds);
    console.log(
      `proxy: floor ${floor.rps.toFixed(0)} req/s; through the cache: read ${read.rps.toFixed(0)} req/s ${JSON.stringify(read.headerCounts)}, manifest ${manifest.rps.toFixed(0)} req/s ${JSON.stringify(manifest.headerCounts)}`,
    );

    const first = await fetch(direct + readPath);
    const etag = first.headers.get("etag");
    await first.arrayBuffer();
    if (!etag) throw new Error(`${readPath} answered without an ETag`);
    const revalidation = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const okFirst = round % 2 === 1;
      const a = await run(direct + readPath, setup.seconds / 2, okFirst ? {} : { "if-none-match": etag }, okFirst ? 200 : 304);
      const b = await run(direct + readPath, setup.seconds / 2, okFirst ? { "if-none-match": etag } : {}, okFirst ? 304 : 200);
      const [ok, notModified] = okFirst ? [a, b] : [b, a];
      revalidation.push({ ok, notModified, ratio: notModified.rps / ok.rps });
      console.log(`proxy, round ${round}: 200 ${ok.rps.toFixed(0)} req/s, 304 ${notModified.rps.toFixed(0)} req/s`);
    }
    return { check, measured: { floor, read, manifest, revalidation } };
  } finally {
    await proxy.stop();
    for (const instance of instances) await setup.stop(instance);
  }
}

function row(label: string, result: LoadResult, floor: LoadResult) {
  const cache = result.headerCounts
    ? Object.entries(result.headerCounts)
        .map(([status, count]) => `${status} ${count}`)
        .join(", ")
    : "";
  return `| ${label} | ${result.rps.toFixed(0)} | ${(result.rps / floor.rps).toFixed(2)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.requests} | ${result.errors} | ${cache} |`;
}

export function proxyReport(result: ProxyBenchResult, connections: number, seconds: number): { section: string[]; targets: string[] } {
  const check = proxyCheckReport(result.check);
  const section = [
    "## Through nginx, caching in front of two instances",
    "",
    "nginx from the Debian package with the configuration of docs/deploy.md (bench/nginx/pums.conf), in front of two instances (`scripts/serve.mjs`) that share PostgreSQL and Redis.",
    "",
    ...check.section,
  ];
  const targets = [...check.targets];
  const measured = result.measured;
  if (measured) {
    const { floor, read, manifest, revalidation } = measured;
    const middle = revalidation.find((pair) => pair.ratio === median(revalidation.map((pair) => pair.ratio)))!;
    section.push(
      "### Anonymous reads through the proxy's cache",
      "",
      `${connections} keep-alive connections, ${seconds} s each after a 2 s warm-up; the floor is \`GET /api/ping\` on one instance directly, in the same run. The last column counts nginx's X-Cache-Status of the answers (HIT: from the cache).`,
      "",
      "| request | req/s | × floor | p50 ms | p99 ms | requests | errors | cache |",
      "| --- | --- | --- | --- | --- | --- | --- | --- |",
      row("floor: `GET /api/ping` (one instance, no proxy)", floor, floor),
      row("`GET /api/v1/projects/{id}`, anonymous, through the proxy", read, floor),
      row("`GET /api/v1/launcher/projects/{id}/manifest`, anonymous, through the proxy", manifest, floor),
      "",
      "### 304 revalidation of a project read",
      "",
      `One instance directly, anonymous, a public project: \`GET /api/v1/projects/{id}\` answered 200, and the same with its ETag in \`If-None-Match\` answered 304, in ${ROUNDS} paired rounds of ${seconds / 2} s (which goes first alternates).`,
      "",
      "| round | 200 req/s | 304 req/s | ratio | 200 p50 ms | 304 p50 ms | errors |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      ...revalidation.map(
        (pair, index) =>
          `| ${index + 1} | ${pair.ok.rps.toFixed(0)} | ${pair.notModified.rps.toFixed(0)} | ${pair.ratio.toFixed(2)} | ${pair.ok.p50.toFixed(1)} | ${pair.notModified.p50.toFixed(1)} | ${pair.ok.errors + pair.notModified.errors} |`,
      ),
      "",
    );
    const readRatio = read.rps / floor.rps;
    const manifestRatio = manifest.rps / floor.rps;
    const verdict = (ok: boolean) => (ok ? "met" : "**not met**");
    const errors = revalidation.reduce((sum, pair) => sum + pair.ok.errors + pair.notModified.errors, 0);
    targets.push(
      `| 304 revalidation of a project read ≥ 1.3 × the 200 read's throughput | median of ${ROUNDS} paired rounds: ${middle.ratio.toFixed(2)} × (${middle.notModified.rps.toFixed(0)} vs ${middle.ok.rps.toFixed(0)} req/s) | ${verdict(middle.ratio >= 1.3 && errors === 0)} |`,
      `| anonymous project read through the proxy's cache ≥ 5 × floor | ${readRatio.toFixed(2)} (HIT ${read.headerCounts?.HIT ?? 0} of ${read.requests}) | ${verdict(readRatio >= 5 && read.errors === 0)} |`,
      `| anonymous launcher manifest through the proxy's cache ≥ 5 × floor | ${manifestRatio.toFixed(2)} (HIT ${manifest.headerCounts?.HIT ?? 0} of ${manifest.requests}) | ${verdict(manifestRatio >= 5 && manifest.errors === 0)} |`,
    );
  }
  return { section, targets };
}
