import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPGlite } from "../db/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { serveEmbeddedDatabase } from "../db/embedded";
import { applyMigrations, readMigrations } from "../db/migrations/apply";
import { pgliteRunner } from "../db/migrations/create";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The test databases: one per test worker on PGlite (each worker runs one file at a time and
     * its database serves that file alone), the one server for every worker on PostgreSQL.
     * `testDatabaseUrl()` (lib/testing/database-url.ts) picks the calling worker's.
     */
    databaseUrls: string[];
    databaseKind: "pglite" | "postgresql";
    /** Where mail delivered without SMTP lands, shared by every test process (lib/testing/mail.ts). */
    mailDir: string;
  }
}

/**
 * Real databases for the run, migrated with the same migrations as production: PostgreSQL when
 * TEST_DATABASE_URL is set (its public schema is emptied first), otherwise one in-memory PGlite per
 * test worker, each served on loopback. PGlite serves all its connections from one session, so
 * two files cannot share one at the same time; a database per worker lets the workers run side by
 * side (vitest.config.ts, maxWorkers). Tests create their own uniquely named data.
 */
export default async function setup(project: TestProject) {
  project.provide("mailDir", mkdtempSync(path.join(os.tmpdir(), "pums-test-mail-")));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl });
    try {
      await client.connect();
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL=${postgresUrl} is set but PostgreSQL does not answer: ${(error as Error).message}`);
    }
    await client.query("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;");
    await applyMigrations({ query: (sql, params) => client.query(sql, params), exec: (sql) => client.query(sql) }, await readMigrations());
    await client.end();
    project.provide("databaseUrls", [postgresUrl]);
    project.provide("databaseKind", "postgresql");
    return;
  }
  const migrations = await readMigrations();
  const workers = Number(project.config.maxWorkers) || 1;
  const databases = await Promise.all(
    Array.from({ length: workers }, async () => {
      const db = await openPGlite();
      await applyMigrations(pgliteRunner(db), migrations);
      return { db, served: await serveEmbeddedDatabase(db, 0, 16) };
    }),
  );
  project.provide(
    "databaseUrls",
    databases.map(({ served }) => served.url),
  );
  project.provide("databaseKind", "pglite");
  return async () => {
    for (const { db, served } of databases) {
      await served.stop();
      await db.close();
    }
  };
}
