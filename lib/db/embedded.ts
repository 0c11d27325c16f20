import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openPGlite } from "./pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/**
 * The embedded default database: PGlite (PostgreSQL compiled to WASM) with its data in
 * `<dataDir>/pglite`, served over the PostgreSQL wire protocol so the app talks to it exactly as
 * to a real server. One process may own a data folder at a time.
 *
 * PGlite's server asks for no password, so `npm start` serves it on a Unix socket inside the
 * data folder, which is the owner's alone (0700): no other local user's process can reach it,
 * as any process could reach a loopback TCP port.
 */

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${pid}). ` +
        `Stop that process first, or point DATA_DIR at another folder.`,
    );
    this.name = "DataDirInUseError";
  }
}

export function dataDirectory(): string {
  return path.resolve(process.env.DATA_DIR ?? "data");
}

/** Takes the data folder for this process; throws DataDirInUseError while another live process holds it. */
export function lockDataDirectory(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // The folder holds the database socket, the auth secret and the admin password: owner only.
  chmodSync(dataDir, 0o700);
  const lockPath = path.join(dataDir, "pums.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockPath, "utf8").trim());
      if (holder && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
      // The holder died without cleaning up: the lock is stale.
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function openEmbeddedDatabase(dataDir: string): Promise<PGlite> {
  return openPGlite({ dataDir: path.join(dataDir, "pglite") });
}

export interface ServedDatabase {
  url: string;
  stop(): Promise<void>;
}

// PostgreSQL clients look for `<folder>/.s.PGSQL.<port>`; the port number only names the file.
const SOCKET_PORT = 5432;
// Unix socket paths are limited to about 107 bytes.
const MAX_SOCKET_PATH = 100;

/** Serves a PGlite instance on a Unix socket in `socketDir` (created owner-only). */
export async function serveEmbeddedDatabaseOnSocket(db: PGlite, socketDir: string, maxConnections = 8): Promise<ServedDatabase> {
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  chmodSync(socketDir, 0o700);
  const socketPath = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  if (socketPath.length > MAX_SOCKET_PATH) {
    throw new Error(`The data folder path is too long for the database socket (${socketPath}): use a shorter DATA_DIR.`);
  }
  // Left over from a process that died: we hold the data folder's lock, so it is nobody's.
  rmSync(socketPath, { force: true });
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  await server.start();
  return {
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${SOCKET_PORT}&sslmode=disable`,
    stop: () => server.stop(),
  };
}

/** Serves a PGlite instance on 127.0.0.1 (a free port unless one is given); for throw-away test databases. */
export async function serveEmbeddedDatabase(db: PGlite, port = 0, maxConnections = 8): Promise<ServedDatabase> {
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port, maxConnections });
  await server.start();
  const [, actualPort] = server.getServerConn().split(":");
  return {
    url: `postgresql://postgres@127.0.0.1:${actualPort}/postgres?sslmode=disable`,
    stop: () => server.stop(),
  };
}

/**
 * Takes the data folder, opens the embedded database, applies pending migrations and serves it
 * on a Unix socket in `<dataDir>/run`. `stop()` closes everything and releases the folder.
 */
export async function startEmbeddedDatabase(dataDir: string, options: { log?: (line: string) => void } = {}): Promise<ServedDatabase> {
  const { applyMigrations, describeResult, readMigrations } = await import("./migrations/apply");
  const release = lockDataDirectory(dataDir);
  try {
    const db = await openEmbeddedDatabase(dataDir);
    const result = await applyMigrations(
      { query: (sql, params) => db.query(sql, params), exec: (sql) => db.exec(sql) },
      await readMigrations(),
    );
    options.log?.(describeResult(result));
    const served = await serveEmbeddedDatabaseOnSocket(db, path.join(dataDir, "run"));
    return {
      url: served.url,
      async stop() {
        await served.stop();
        await db.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
