import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/**
 * The embedded default database: PGlite (PostgreSQL compiled to WASM) with its data in
 * `<dataDir>/pglite`, served on loopback over the PostgreSQL wire protocol so the app talks to
 * it exactly as to a real server. One process may own a data folder at a time.
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
  mkdirSync(dataDir, { recursive: true });
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
  return PGlite.create({ dataDir: path.join(dataDir, "pglite") });
}

export interface ServedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Serves a PGlite instance on 127.0.0.1 (a free port unless one is given). */
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
 * on loopback. `stop()` closes everything and releases the folder.
 */
export async function startEmbeddedDatabase(dataDir: string, options: { port?: number; log?: (line: string) => void } = {}): Promise<ServedDatabase> {
  const { applyMigrations, readMigrations } = await import("./migrations/apply");
  const { describeResult } = await import("./migrations/run");
  const release = lockDataDirectory(dataDir);
  try {
    const db = await openEmbeddedDatabase(dataDir);
    const result = await applyMigrations({ query: (sql, params) => db.query(sql, params), exec: (sql) => db.exec(sql) }, await readMigrations());
    options.log?.(describeResult(result));
    const served = await serveEmbeddedDatabase(db, options.port ?? 0);
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
