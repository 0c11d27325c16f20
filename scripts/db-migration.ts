// npm run db:migration -- <name>: writes prisma/migrations/<timestamp>_<name>/migration.sql with
// the SQL that takes the migration history to prisma/schema.prisma. See docs/database.md.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { openPGlite } from "../lib/db/pglite";
import { applyMigrations, MIGRATIONS_DIR, readMigrations } from "../lib/db/migrations/apply";
import { diffMigrationsToSchema, pgliteRunner } from "../lib/db/migrations/create";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:migration -- <name>   (lower case letters, digits and _)");
  process.exit(2);
}

const schemaPath = path.join(import.meta.dirname, "../prisma/schema.prisma");
const sql = await diffMigrationsToSchema(schemaPath, MIGRATIONS_DIR);
if (!sql.trim() || /^-- This is an empty migration\.\s*$/.test(sql.trim())) {
  console.log("The schema matches the migrations: nothing to create.");
  process.exit(0);
}

// Prove the new migration applies on top of the others before writing it.
const scratch = await openPGlite();
const candidate = { name: "candidate", sql, checksum: "" };
await applyMigrations(pgliteRunner(scratch), [...(await readMigrations()), candidate]);
await scratch.close();

const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
await mkdir(dir, { recursive: true });
await writeFile(path.join(dir, "migration.sql"), sql);
console.log(`Created ${path.relative(process.cwd(), dir)}/migration.sql`);
