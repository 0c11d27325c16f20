import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { disconnectDatabase } from "../db/client";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATABASE_POOL_SIZE = "4";
// PGlite serves every connection from one session, where statement names would collide.
if (inject("databaseKind") === "pglite") process.env.DATABASE_NAMED_STATEMENTS = "false";
process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
process.env.TRUST_PROXY = "true";
// Uploaded files of a test run go to a throw-away folder.
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "pums-test-data-"));

afterAll(async () => {
  await disconnectDatabase();
});
