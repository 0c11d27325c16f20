import pg from "pg";
import { dataDirectory, lockDataDirectory, openEmbeddedDatabase } from "../embedded";
import { applyMigrations, readMigrations, type ApplyResult } from "./apply";
import { pgliteRunner } from "./create";

/** Applies pending migrations to PostgreSQL at `url`. */
export async function migratePostgres(url: string): Promise<ApplyResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await applyMigrations(
      { query: (sql, params) => client.query(sql, params), exec: (sql) => client.query(sql) },
      await readMigrations(),
    );
  } finally {
    await client.end();
  }
}

/** Applies pending migrations to the embedded database in the data folder (which must be free). */
export async function migrateEmbedded(dataDir = dataDirectory()): Promise<ApplyResult> {
  const release = lockDataDirectory(dataDir);
  const db = await openEmbeddedDatabase(dataDir);
  try {
    return await applyMigrations(pgliteRunner(db), await readMigrations());
  } finally {
    await db.close();
    release();
  }
}
