import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { testDatabaseUrl } from "./database-url";
import { untilPrinted } from "./printed";

const ROOT = path.join(import.meta.dirname, "../..");
const EXIT_WITH_PARENT = path.join(import.meta.dirname, "exit-with-parent.mjs");

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
  const { server, output } = await spawnServer(path.join(ROOT, "scripts/serve.mjs"), {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: testDatabaseUrl(),
    WEBHOOKS_DISPATCHER: "off",
    RETENTION_JOB: "off",
    ...env,
  });
  return { port, dataDir, output, stop: () => stop(server, dataDir) };
}

/**
 * startServe for the whole test file: the server starts before its first test (after the file's
 * earlier `beforeAll`s, which may create the data it serves) and stops after its last. Returns
 * the server, to be read inside tests.
 */
export function serveForFile(port: number, env: Record<string, string> = {}): () => ServedApp {
  let served: ServedApp | undefined;
  beforeAll(async () => {
    served = await startServe(port, env);
  }, 600_000);
  afterAll(async () => {
    await served?.stop();
  });
  return () => {
    if (!served) throw new Error(`The server on port ${port} has not started`);
    return served;
  };
}

/**
 * Runs `node script` from the repository root with `env` added to this process's environment,
 * and resolves once it prints "Listening".
 *
 * The server never outlives this process, however it ends: a normal exit, or Vitest's pool
 * ending its worker with SIGTERM and then SIGKILL, which run no exit handlers. Its stdin is a
 * pipe from here, which the system closes when this process is gone, and exit-with-parent.mjs
 * then stops it as SIGTERM does. (A server left behind by a hook that timed out before stop()
 * once held its port and failed the next run with EADDRINUSE.)
 */
export async function spawnServer(script: string, env: Record<string, string>) {
  const output: string[] = [];
  const server = spawn(process.execPath, ["--import", EXIT_WITH_PARENT, script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  await untilPrinted(server, "Listening", { name: path.basename(script), output });
  return { server, output };
}

async function stop(server: ChildProcess, dataDir: string) {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
}
