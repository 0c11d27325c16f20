import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openPGlite } from "../pglite";
import { describe, expect, it } from "vitest";
import { applyMigrations, MigrationFailedError, MIGRATIONS_DIR, readMigrations } from "./apply";
import { diffMigrationsToSchema, pgliteRunner } from "./create";

async function migrationsFolder(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "pums-migrations-"));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

// Each test starts its own PGlite (a WebAssembly PostgreSQL): seconds on an idle machine, much more on a busy one.
describe("applying migrations", { timeout: 120_000 }, () => {
  it("applies pending migrations once, in order, and records them as Prisma does", async () => {
    const db = await openPGlite();
    const dir = await migrationsFolder({
      "001_a": "CREATE TABLE a (id int primary key);",
      "002_b": "CREATE TABLE b (id int primary key); INSERT INTO b VALUES (1);",
    });
    expect((await applyMigrations(pgliteRunner(db), await readMigrations(dir))).applied).toEqual(["001_a", "002_b"]);
    expect((await applyMigrations(pgliteRunner(db), await readMigrations(dir))).applied).toEqual([]);
    const { rows } = await db.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((row) => row.migration_name)).toEqual(["001_a", "002_b"]);
    expect(rows[0].checksum).toMatch(/^[0-9a-f]{64}$/);
    await db.close();
  });

  it("rolls a failing migration back completely and never records it", async () => {
    const db = await openPGlite();
    const dir = await migrationsFolder({
      "001_ok": "CREATE TABLE kept (id int);",
      "002_broken":
        "CREATE TABLE half (id int); CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql; INSERT INTO missing VALUES (1);",
    });
    await expect(applyMigrations(pgliteRunner(db), await readMigrations(dir))).rejects.toThrow(MigrationFailedError);
    const tables = await db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.rows.map((row) => row.name).sort()).toEqual(["_prisma_migrations", "kept"]);
    const recorded = await db.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations"`);
    expect(recorded.rows.map((row) => row.migration_name)).toEqual(["001_ok"]);
    await db.close();
  });

  it("reports an applied migration whose file changed, without running it again", async () => {
    const db = await openPGlite();
    const dir = await migrationsFolder({ "001_a": "CREATE TABLE a (id int);" });
    await applyMigrations(pgliteRunner(db), await readMigrations(dir));
    await writeFile(path.join(dir, "001_a", "migration.sql"), "CREATE TABLE a (id int); -- edited");
    expect(await applyMigrations(pgliteRunner(db), await readMigrations(dir))).toEqual({ applied: [], modified: ["001_a"] });
    await db.close();
  });
});

describe("the committed migrations", () => {
  it("bring an empty database exactly to prisma/schema.prisma (run npm run db:migration -- <name> after editing it)", async () => {
    const sql = await diffMigrationsToSchema(path.join(MIGRATIONS_DIR, "../schema.prisma"), MIGRATIONS_DIR);
    expect(sql.trim()).toMatch(/^(-- This is an empty migration\.)?$/);
  });
});
