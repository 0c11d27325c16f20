import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Applies prisma/migrations/<name>/migration.sql files in order, each in its own transaction
 * together with its row in Prisma's `_prisma_migrations` table (checksum = sha256 of the file),
 * so the native `prisma migrate deploy` accepts the same history. A failing migration rolls
 * back completely and is never recorded as applied.
 */

/** The two calls the applier needs; both pg.Client and PGlite provide them. */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs a script of several statements (simple query protocol). */
  exec(sql: string): Promise<unknown>;
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationFailedError extends Error {
  constructor(
    readonly migration: string,
    readonly cause: unknown,
  ) {
    super(`Migration ${migration} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "MigrationFailedError";
  }
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, "../../../prisma/migrations");

// Any constant works; it only has to be the same for every process applying migrations.
const ADVISORY_LOCK_ID = 72_707_369;

const HISTORY_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

export interface ApplyResult {
  applied: string[];
  /** Applied migrations whose file changed since: reported, never re-run. */
  modified: string[];
}

export async function applyMigrations(db: SqlRunner, migrations: Migration[]): Promise<ApplyResult> {
  await db.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_ID]);
  try {
    await db.exec(HISTORY_TABLE);
    const { rows } = await db.query(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Map((rows as { migration_name: string; checksum: string }[]).map((r) => [r.migration_name, r.checksum]));
    const result: ApplyResult = { applied: [], modified: [] };
    for (const migration of migrations) {
      const appliedChecksum = done.get(migration.name);
      if (appliedChecksum !== undefined) {
        if (appliedChecksum !== migration.checksum) result.modified.push(migration.name);
        continue;
      }
      await applyOne(db, migration);
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    await db.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_ID]);
  }
}

async function applyOne(db: SqlRunner, migration: Migration) {
  await db.exec("BEGIN");
  try {
    await db.exec(migration.sql);
    await db.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await db.exec("COMMIT");
  } catch (error) {
    await db.exec("ROLLBACK").catch(() => undefined);
    throw new MigrationFailedError(migration.name, error);
  }
}

/** What a migration run did, one line per migration, for the log. */
export function describeResult(result: ApplyResult): string {
  const lines = result.applied.length ? result.applied.map((name) => `applied ${name}`) : ["database is up to date"];
  for (const name of result.modified) lines.push(`warning: ${name} changed after it was applied; it is not run again`);
  return lines.join("\n");
}
