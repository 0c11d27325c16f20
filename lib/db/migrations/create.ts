import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openPGlite } from "../pglite";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyMigrations, readMigrations } from "./apply";

/**
 * Computes the SQL that takes the database described by the existing migrations to the
 * Prisma schema, without Prisma's native engine: the existing migrations are applied to a
 * throw-away in-memory PGlite and the official WASM build of the schema engine diffs that
 * database against the schema. No shadow database, no live database is touched.
 */
export async function diffMigrationsToSchema(schemaPath: string, migrationsDir: string): Promise<string> {
  const schema = await readFile(schemaPath, "utf8");
  const db = await openPGlite();
  try {
    await applyMigrations(pgliteRunner(db), await readMigrations(migrationsDir));
    const engine = await startSchemaEngine(schemaPath, schema, db);
    try {
      const files = [{ path: schemaPath, content: schema }];
      const result = await engine.diff({
        from: { tag: "schemaDatasource", files, configDir: path.dirname(schemaPath) },
        to: { tag: "schemaDatamodel", files },
        script: true,
        exitCode: null,
        filters: { externalTables: [], externalEnums: [] },
      });
      return result.stdout ?? "";
    } finally {
      engine.free();
    }
  } finally {
    await db.close();
  }
}

export function pgliteRunner(db: PGlite) {
  return { query: (sql: string, params?: unknown[]) => db.query(sql, params), exec: (sql: string) => db.exec(sql) };
}

type SchemaEngine = {
  diff(params: unknown): Promise<{ stdout: string | null }>;
  free(): void;
};

async function startSchemaEngine(schemaPath: string, schema: string, db: PGlite): Promise<SchemaEngine> {
  const glue = await loadEngineModule();
  const factory = new PrismaPGlite(db);
  // pglite-prisma-adapter 0.7.2 does not await exec() in executeScript, so a failing script
  // would look like success; await it here.
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    adapter.executeScript = async (script: string) => {
      await db.exec(script);
    };
    return adapter;
  };
  const logs: string[] = [];
  return glue.SchemaEngine.new(
    { datamodels: [[schemaPath, schema]] },
    (line: string) => logs.push(line),
    bindMigrationAwareSqlAdapterFactory(factory),
  );
}

let engineModule: Promise<{ SchemaEngine: { new: (...args: unknown[]) => Promise<SchemaEngine> } }> | undefined;

/** Loads the wasm-bindgen module by hand: its package entry imports the .wasm as an ES module, which Node cannot. */
function loadEngineModule() {
  engineModule ??= (async () => {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve("@prisma/schema-engine-wasm"));
    const glue = await import(path.join(dir, "schema_engine_bg.js"));
    const bytes = await readFile(path.join(dir, "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": glue });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
    // The engine reports panics through this global before it traps.
    (globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message: (message: string) => console.error(`schema engine panic: ${message}`),
    };
    return glue;
  })();
  return engineModule;
}
