import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";

const ROOT = path.join(import.meta.dirname, "../..");

export interface ServedApp {
  port: number;
  /** The server's own folder for files (DATA_DIR). */
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output: string[];
  stop: () => Promise<void>;
}

/**
 * scripts/serve.mjs as production runs it (built app, NODE_ENV=production) against the test
 * database, on 127.0.0.1:`port`, for tests that need the real HTTP server: sockets, timeouts,
 * bodies. `env` adds or overrides settings (shortened timeouts, limits). Builds first if needed.
 *
 * The webhook dispatcher stays off unless `env` turns it on: on PGlite the test process and the
 * server share one database session, and the dispatcher's polling between a test's own queries
 * interleaves their protocol messages (pglite-socket queues per message, not per query).
 */
export async function startServe(port: number, env: Record<string, string> = {}): Promise<ServedApp> {
  const { buildIfNeeded } = await import("../../scripts/build-if-needed");
  await buildIfNeeded();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "serve-test-"));
  const output: string[] = [];
  const server = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: inject("databaseUrl"),
      WEBHOOKS_DISPATCHER: "off",
      RETENTION_JOB: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output.push(String(chunk));
      if (String(chunk).includes("Listening")) resolve();
    };
    server.stdout!.on("data", read);
    server.stderr!.on("data", read);
    server.on("exit", (code) => reject(new Error(`serve.mjs exited with ${code}:\n${output.join("")}`)));
  });
  return { port, dataDir, output, stop: () => stop(server, dataDir) };
}

async function stop(server: ChildProcess, dataDir: string) {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
}
