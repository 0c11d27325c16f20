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
    databaseUrl: string;
    databaseKind: "pglite" | "postgresql";
    /** Where mail delivered without SMTP lands, shared by every test process (lib/testing/mail.ts). */
    mailDir: string;
  }
}

/**
 * One real database for the whole run, migrated with the same migrations as production:
 * PostgreSQL when TEST_DATABASE_URL is set (its public schema is emptied first), otherwise an
 * in-memory PGlite served on loopback. Tests create their own uniquely named data.
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
    project.provide("databaseUrl", postgresUrl);
    project.provide("databaseKind", "postgresql");
    return;
  }
  const db = await openPGlite();
  await applyMigrations(pgliteRunner(db), await readMigrations());
  const served = await serveEmbeddedDatabase(db, 0, 16);
  project.provide("databaseUrl", served.url);
  project.provide("databaseKind", "pglite");
  return async () => {
    await served.stop();
    await db.close();
  };
}
