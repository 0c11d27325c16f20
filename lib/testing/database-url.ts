import { inject } from "vitest";

/**
 * The test database of the calling worker (lib/testing/global-setup.ts): on PGlite each worker has
 * its own, picked by the worker's slot (VITEST_POOL_ID, 1 to maxWorkers); on PostgreSQL all share one.
 */
export function testDatabaseUrl(): string {
  const urls = inject("databaseUrls");
  const slot = Number(process.env.VITEST_POOL_ID ?? "1");
  return urls[(slot - 1) % urls.length];
}
