// The file benchmark of npm run bench: upload and download throughput of a 1 GiB file through the
// running server (scripts/serve.mjs, production build), each against copying the same file on disk
// (a streamed read + write, as the server does), and the server's memory growth during both.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { benchPartner } from "./partner";

const FILE_BYTES = Number(process.env.BENCH_FILE_BYTES ?? 1024 ** 3);
const SECRET = "bench-secret-bench-secret-bench-secret-0123";
const MIB = 1024 * 1024;

export interface FileBenchResult {
  bytes: number;
  cpu: string;
  copySeconds: number;
  /** The second floor: the sha256 of the same file, read and hashed by one process. */
  sha256Seconds: number;
  /** The same file sent over loopback to a bare node:http server that drops it (no app, no disk). */
  loopbackSeconds: number;
  /** Of the upload: from the last byte sent to the answer (the end of the writes, the database). */
  uploadTailSeconds: number;
  /** CPU time (user + system) the server's process spent during the upload, its threads included. */
  uploadServerCpuSeconds: number;
  uploadSeconds: number;
  downloadSeconds: number;
  baselineRssMiB: number;
  uploadPeakMiB: number;
  downloadPeakMiB: number;
  sha256Matches: boolean;
}

/** A file of `bytes` random-looking bytes (a 16 MiB random block repeated) and its sha256. */
async function makeFile(file: string, bytes: number): Promise<string> {
  const block = randomBytes(16 * MIB);
  const hash = createHash("sha256");
  const out = createWriteStream(file);
  for (let written = 0; written < bytes; ) {
    const chunk = block.subarray(0, Math.min(block.length, bytes - written));
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    written += chunk.length;
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return hash.digest("hex");
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** The server's resident memory, sampled every 20 ms while `work` runs: the peak, in MiB. */
async function peakRss(pid: number, work: () => Promise<unknown>): Promise<number> {
  const rss = async () => Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
  let peak = await rss();
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await rss());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  return peak;
}

async function startServer(databaseUrl: string, dataDir: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd: path.join(import.meta.dirname, ".."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: SECRET,
      API_RATE_LIMIT_PER_MINUTE: "100000000",
      // A 1 GiB upload may take longer than the default 60 s request limit on a busy machine.
      REQUEST_TIMEOUT_MS: "900000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on("data", (chunk) => String(chunk).includes("Listening") && resolve());
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
}

/** The process's CPU time so far (user + system, all its threads), in seconds. */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Sends `file` over loopback to a bare node:http server in a process of its own, which drops it. */
async function loopback(file: string, size: number, port: number): Promise<number> {
  const code = `require("node:http").createServer((q, s) => { q.resume(); q.on("end", () => s.end("ok")); }).listen(${port}, "127.0.0.1", () => console.log("Listening"));`;
  const server = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => server.stdout!.on("data", () => resolve()));
  try {
    return await timed(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = http.request(
            { host: "127.0.0.1", port, method: "POST", path: "/", agent: false, headers: { "content-length": size } },
            (response) => {
              response.resume();
              response.on("end", () => resolve());
            },
          );
          request.on("error", reject);
          createReadStream(file, { highWaterMark: MIB }).pipe(request);
        }),
    );
  } finally {
    const exited = new Promise((resolve) => server.on("exit", resolve));
    server.kill();
    await exited;
  }
}

function upload(
  file: string,
  size: number,
  projectId: string,
  token: string,
  port: number,
  name: string,
): Promise<{ status: number; body: string; tailSeconds: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0n;
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/api/v1/projects/${projectId}/files?name=${name}&kind=SOFTWARE`,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", "content-length": size },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body, tailSeconds: sent ? Number(process.hrtime.bigint() - sent) / 1e9 : 0 }),
        );
      },
    );
    request.on("finish", () => (sent = process.hrtime.bigint()));
    request.on("error", reject);
    createReadStream(file, { highWaterMark: MIB }).pipe(request);
  });
}

function download(url: string, target: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: url }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`download answered ${response.statusCode}`));
        pipeline(response, createWriteStream(target, { highWaterMark: MIB })).then(resolve, reject);
      })
      .on("error", reject);
  });
}

/** Runs the measurement against the migrated database at `databaseUrl`. */
export async function benchFiles(databaseUrl: string, port: number): Promise<FileBenchResult> {
  const work = await mkdtemp(path.join(os.tmpdir(), "pums-bench-files-"));
  const dataDir = path.join(work, "data");
  const source = path.join(work, "source.bin");
  try {
    console.log(`files: writing a ${(FILE_BYTES / MIB).toFixed(0)} MiB test file`);
    const sha256 = await makeFile(source, FILE_BYTES);

    // A public project with the DOWNLOADS module and a token of its Owner, made through the services.
    process.env.DATABASE_URL = databaseUrl;
    const { publishedProject, token, disconnectDatabase } = await benchPartner("files");
    const projectId = await publishedProject("Bench files", ["DOWNLOADS"], { trusted: true });
    await disconnectDatabase();

    // The floor: the same bytes streamed from disk to disk by one process.
    const copySeconds = await timed(() =>
      pipeline(createReadStream(source, { highWaterMark: MIB }), createWriteStream(path.join(work, "copy.bin"), { highWaterMark: MIB })),
    );
    await rm(path.join(work, "copy.bin"));
    // The second floor: the sha256 of the same file, in one process.
    const sha256Seconds = await timed(async () => {
      const hash = createHash("sha256");
      for await (const chunk of createReadStream(source, { highWaterMark: MIB })) hash.update(chunk);
      hash.digest();
    });
    const loopbackSeconds = await loopback(source, FILE_BYTES, port);

    const server = await startServer(databaseUrl, dataDir, port);
    try {
      // Warm the routes up with a small file, so the first measurement does not pay for compiling them.
      const small = path.join(work, "small.bin");
      await makeFile(small, MIB);
      // Names differ: a project's files without a release have distinct names.
      const warm = await upload(small, MIB, projectId, token, port, "warm.bin");
      if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);
      await download(JSON.parse(warm.body).url, path.join(work, "small.out"), port);
      await new Promise((resolve) => setTimeout(resolve, 1000));

      const baselineRssMiB = await peakRss(server.pid!, () => new Promise((resolve) => setTimeout(resolve, 200)));
      let stored: { url: string; sha256: string; size: number } | undefined;
      let uploadSeconds = 0;
      let uploadTailSeconds = 0;
      const cpuBefore = await cpuSeconds(server.pid!);
      const uploadPeakMiB = await peakRss(server.pid!, async () => {
        uploadSeconds = await timed(async () => {
          const answer = await upload(source, FILE_BYTES, projectId, token, port, "bench.bin");
          if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.body}`);
          stored = JSON.parse(answer.body);
          uploadTailSeconds = answer.tailSeconds;
        });
      });
      const uploadServerCpuSeconds = (await cpuSeconds(server.pid!)) - cpuBefore;
      const target = path.join(work, "downloaded.bin");
      let downloadSeconds = 0;
      const downloadPeakMiB = await peakRss(server.pid!, async () => {
        downloadSeconds = await timed(() => download(stored!.url, target, port));
      });
      const downloaded = (await stat(target)).size;
      const result: FileBenchResult = {
        bytes: FILE_BYTES,
        cpu: os.cpus()[0]?.model ?? "unknown CPU",
        copySeconds,
        sha256Seconds,
        loopbackSeconds,
        uploadTailSeconds,
        uploadServerCpuSeconds,
        uploadSeconds,
        downloadSeconds,
        baselineRssMiB,
        uploadPeakMiB,
        downloadPeakMiB,
        sha256Matches: stored!.sha256 === sha256 && stored!.size === FILE_BYTES && downloaded === FILE_BYTES,
      };
      console.log(
        `files: copy ${copySeconds.toFixed(2)} s, sha256 ${sha256Seconds.toFixed(2)} s, loopback ${loopbackSeconds.toFixed(2)} s, upload ${uploadSeconds.toFixed(2)} s, download ${downloadSeconds.toFixed(2)} s`,
      );
      return result;
    } finally {
      const exited = new Promise((resolve) => server.on("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The file section of the benchmark report and its rows of the targets table. */
export function fileReport(result: FileBenchResult): { section: string[]; targets: string[] } {
  const mibps = (seconds: number) => result.bytes / MIB / seconds;
  const uploadRatio = result.copySeconds / result.uploadSeconds;
  const downloadRatio = result.copySeconds / result.downloadSeconds;
  const uploadGrowth = result.uploadPeakMiB - result.baselineRssMiB;
  const downloadGrowth = result.downloadPeakMiB - result.baselineRssMiB;
  const verdict = (ok: boolean) => (ok ? "met" : "**not met**");
  const section = [
    "## Files: upload and download",
    "",
    "Local file store (DATA_DIR on the same disk), PostgreSQL for the rows.",
    `One ${(result.bytes / MIB).toFixed(0)} MiB file, uploaded with \`POST /api/v1/projects/{id}/files\` (a streamed body over loopback, token auth) and downloaded with \`GET .../download\` to a file, against the floor measured in the same run: the same file streamed from disk to disk (read + write, 1 MiB chunks) by one process. The client runs on the same machine and competes for the same cores and disk.`,
    "Memory: the server's resident set (VmRSS), sampled every 20 ms; growth is the peak during the transfer minus the resident set just before it.",
    "",
    "| measurement | seconds | MiB/s | × disk copy | × sha256 | server peak RSS MiB | growth MiB |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    `| floor: disk copy | ${result.copySeconds.toFixed(2)} | ${mibps(result.copySeconds).toFixed(0)} | 1.00 | ${(result.sha256Seconds / result.copySeconds).toFixed(2)} | | |`,
    `| floor: sha256 of the file, one process | ${result.sha256Seconds.toFixed(2)} | ${mibps(result.sha256Seconds).toFixed(0)} | ${(result.copySeconds / result.sha256Seconds).toFixed(2)} | 1.00 | | |`,
    `| loopback alone (bare node:http, body dropped) | ${result.loopbackSeconds.toFixed(2)} | ${mibps(result.loopbackSeconds).toFixed(0)} | ${(result.copySeconds / result.loopbackSeconds).toFixed(2)} | ${(result.sha256Seconds / result.loopbackSeconds).toFixed(2)} | | |`,
    `| upload | ${result.uploadSeconds.toFixed(2)} | ${mibps(result.uploadSeconds).toFixed(0)} | ${uploadRatio.toFixed(2)} | ${(result.sha256Seconds / result.uploadSeconds).toFixed(2)} | ${result.uploadPeakMiB.toFixed(0)} | ${uploadGrowth.toFixed(1)} |`,
    `| download | ${result.downloadSeconds.toFixed(2)} | ${mibps(result.downloadSeconds).toFixed(0)} | ${downloadRatio.toFixed(2)} | ${(result.sha256Seconds / result.downloadSeconds).toFixed(2)} | ${result.downloadPeakMiB.toFixed(0)} | ${downloadGrowth.toFixed(1)} |`,
    "",
    `CPU: ${result.cpu}. Where the upload's time goes: sha256 alone takes ${result.sha256Seconds.toFixed(2)} s of one core, loopback alone ${result.loopbackSeconds.toFixed(2)} s, the disk copy (read + write) ${result.copySeconds.toFixed(2)} s; the server spent ${result.uploadServerCpuSeconds.toFixed(2)} s of CPU (all its threads) on the ${result.uploadSeconds.toFixed(2)} s upload, and ${result.uploadTailSeconds.toFixed(2)} s passed between the last byte sent and the answer (the last writes, closing the file, the database).`,
    "",
    `Server resident set before the transfers: ${result.baselineRssMiB.toFixed(0)} MiB. sha256 and size of the upload and the downloaded file match the source: ${result.sha256Matches ? "yes" : "**no**"}.`,
    "",
  ];
  const targets = [
    `| upload ≥ 0.5 × disk copy | ${uploadRatio.toFixed(2)} | ${verdict(uploadRatio >= 0.5 && result.sha256Matches)} |`,
    `| download ≥ 0.5 × disk copy | ${downloadRatio.toFixed(2)} | ${verdict(downloadRatio >= 0.5 && result.sha256Matches)} |`,
    `| server memory growth < 64 MiB during upload | ${uploadGrowth.toFixed(1)} MiB | ${verdict(uploadGrowth < 64)} |`,
    `| server memory growth < 64 MiB during download | ${downloadGrowth.toFixed(1)} MiB | ${verdict(downloadGrowth < 64)} |`,
  ];
  return { section, targets };
}
