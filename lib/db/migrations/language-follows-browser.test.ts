import { describe, expect, it } from "vitest";
import { openPGlite } from "../pglite";
import { applyMigrations, readMigrations } from "./apply";
import { pgliteRunner } from "./create";

const MIGRATION = "_language_follows_browser";

/**
 * prisma/migrations/*_language_follows_browser: accounts that still hold the old default (English)
 * and never changed their language follow the browser afterwards; every other setting stays.
 */
describe("the migration to a language setting that may be never chosen", { timeout: 120_000 }, () => {
  it("sets English accounts that never changed their language to null (follow the browser) and keeps the rest", async () => {
    const db = await openPGlite();
    const migrations = await readMigrations();
    const index = migrations.findIndex((migration) => migration.name.endsWith(MIGRATION));
    expect(index).toBeGreaterThan(0);
    await applyMigrations(pgliteRunner(db), migrations.slice(0, index));

    const accounts = {
      neverChanged: "en",
      renamedOnly: "en",
      choseEnglish: "en",
      signedUpGerman: "de",
      french: "fr",
      deleted: "en",
    };
    for (const [name, language] of Object.entries(accounts)) {
      await db.query(
        `INSERT INTO "User" ("id", "username", "usernameKey", "displayName", "email", "passwordHash", "language", "updatedAt", "deletedAt")
         VALUES ($1, $1, lower($1), $1, lower($1) || '@example.test', '', $2, now(), $3)`,
        [name, language, name === "deleted" ? new Date() : null],
      );
    }
    const audit = (targetId: string, changes: object) =>
      db.query(
        `INSERT INTO "AuditEntry" ("id", "actorId", "actorVia", "action", "targetType", "targetId", "changes")
         VALUES (gen_random_uuid()::text, $1, 'SESSION', 'user.update_own', 'user', $1, $2)`,
        [targetId, JSON.stringify(changes)],
      );
    await audit("renamedOnly", { displayName: { before: "a", after: "b" } });
    await audit("choseEnglish", { language: { before: "de", after: "en" } });
    await audit("deleted", { language: { before: "[erased]", after: "[erased]" } });

    await applyMigrations(pgliteRunner(db), migrations.slice(0, index + 1));
    const { rows } = await db.query<{ id: string; language: string | null; version: number }>(
      `SELECT "id", "language", "version" FROM "User" ORDER BY "id"`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, [row.language, row.version]]))).toEqual({
      neverChanged: [null, 2],
      renamedOnly: [null, 2],
      choseEnglish: ["en", 1],
      signedUpGerman: ["de", 1],
      french: ["fr", 1],
      deleted: [null, 2],
    });

    // New accounts start without a setting.
    await db.query(
      `INSERT INTO "User" ("id", "username", "usernameKey", "displayName", "email", "passwordHash", "updatedAt")
       VALUES ('fresh', 'fresh', 'fresh', 'fresh', 'fresh@example.test', '', now())`,
    );
    expect((await db.query<{ language: string | null }>(`SELECT "language" FROM "User" WHERE "id" = 'fresh'`)).rows[0].language).toBeNull();
    await db.close();
  });
});
