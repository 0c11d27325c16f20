import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, inject, vi } from "vitest";
import { disconnectDatabase } from "../db/client";
import { testDatabaseUrl } from "./database-url";
import { collectMailInFolder } from "./mail";

process.env.DATABASE_URL = testDatabaseUrl();
// PGlite serves every connection from one session: concurrent queries from several connections would
// interleave their protocol messages and statement names would collide, so one connection, unnamed.
const pglite = inject("databaseKind") === "pglite";
process.env.DATABASE_POOL_SIZE = pglite ? "1" : "4";
if (pglite) process.env.DATABASE_NAMED_STATEMENTS = "false";
process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
process.env.TRUST_PROXY = "true";
// The launcher manifest's signing key (an Ed25519 private key, base64 PKCS#8 DER), for tests only.
process.env.LAUNCHER_SIGNING_KEY = "MC4CAQAwBQYDK2VwBCIEIDu6dklnNJntVso5HUJ/GL7T1E5+cLypAKPQ4MUKOu94";
collectMailInFolder();
// Uploaded files of a test run go to a throw-away folder.
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "pums-test-data-"));

// A test that sets the clock (vi.useFakeTimers, vi.setSystemTime) gets the real one back after it,
// here for every file rather than in each file that fakes it.
afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await disconnectDatabase();
  // Most files share their worker's process with the files after them (vitest.config.ts): the
  // in-process rate-limit counters they filled (sign-ins from the tests' one address) go with them.
  // Imported here, not above: some files set the limits' env before lib/rate-limit loads.
  const { counterStore, MemoryCounterStore } = await import("../rate-limit");
  const counters = counterStore();
  if (counters instanceof MemoryCounterStore) counters.clear();
});
