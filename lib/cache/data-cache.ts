import { type Keep, TtlCache } from "./ttl-cache";

/**
 * The data cache: results of hot reads (a project with the caller's membership, project lists,
 * the anonymous project page's content, My projects) kept in-process for a few seconds, so that
 * a repeated read costs no SQL statement.
 *
 * Invalidation does not depend on services remembering to call it: the database client
 * (lib/db/write-watch.ts) sees every statement the app sends and, when one writes to a table
 * other than the few that no cached read uses (sessions, tokens, audit, mail, ...), calls
 * `invalidateData()` after the write is committed (after the transaction's COMMIT, or after the
 * statement outside a transaction). That empties this process's cache at once and, with
 * REDIS_URL, every other instance's through Redis pub/sub (`pums:data:invalidate`).
 *
 * What is cached is data, never a decision: every permission check still runs on each request
 * with the current caller (lib/permissions), on the cached rows. Entries are keyed by everything
 * that the read depends on (the caller's user id where the read depends on who asks).
 *
 * The map, its expiry (DATA_CACHE_SECONDS, default 5, `0` turns the cache off), its size bound, the
 * shared loads of concurrent misses (when an entry expires under load, 32 requests would otherwise
 * send 32 identical statements at once), the overlap guard and the Redis listening are the cache
 * primitive's (./ttl-cache.ts), with the same rules as the caller cache: a read that follows a
 * write never gets what was read before it.
 */
export function dataCacheMs(): number {
  return Number(process.env.DATA_CACHE_SECONDS ?? 5) * 1000;
}
/**
 * The cache's size bound, in rows: an entry weighs the number of rows it holds (a list page up to
 * 100, a project 1). Beyond it, expired entries are swept, and if that is not enough everything
 * is dropped. About 20,000 project rows: tens of MiB.
 */
const MAX_WEIGHT = 20_000;
export const DATA_INVALIDATION_CHANNEL = "pums:data:invalidate";

const cache = new TtlCache<unknown>({
  globalKey: "pumsDataCache",
  ttlMs: dataCacheMs,
  maxWeight: MAX_WEIGHT,
  weigh,
  channel: DATA_INVALIDATION_CHANNEL,
  connectionName: "pums-data",
  listener: "data cache",
  onMessage: () => cache.clear(),
});

/**
 * The value under `key`: from the cache while fresh, otherwise from `load` (stored unless an
 * invalidation happened while it ran). `load` must read committed data only (never inside a
 * transaction) and its result must not be changed by the caller: it is shared. `keep` may end an
 * entry sooner (`expiresAt`, ms): for a value that time alone changes (an invitation expires).
 */
export async function cachedData<T>(key: string, load: () => Promise<T>, keep?: (value: T) => Keep): Promise<T> {
  return (await cache.get(key, load, keep as ((value: unknown) => Keep) | undefined)) as T;
}

/** Rows held: an array's length, or the lengths of an object's arrays (a page's `data`); at least 1. */
function weigh(value: unknown): number {
  if (Array.isArray(value)) return Math.max(1, value.length);
  if (!value || typeof value !== "object") return 1;
  let rows = 0;
  for (const field of Object.values(value)) if (Array.isArray(field)) rows += field.length;
  return Math.max(1, rows);
}

export const DATA_CACHE_MAX_WEIGHT = MAX_WEIGHT;

/**
 * Something worked out from cached reads (an answer's validator: lib/http/route.ts), kept beside
 * them: read `dataGeneration()` before the reads, and `keepDerived` stores the result only if no
 * invalidation happened since, so it lives no longer than the data it was made from.
 */
export function dataGeneration(): number {
  return cache.generation();
}

export function keepDerived(key: string, value: unknown, generation: number) {
  cache.setIfCurrent(key, value, generation);
}

/** The fresh value under `key` (kept by `keepDerived` or `cachedData`), without loading anything. */
export function peekData<T>(key: string): T | undefined {
  return cache.peek(key) as T | undefined;
}

/**
 * Empties the cache here and (with REDIS_URL) on every instance. The database client calls it
 * after every committed write that could change a cached read; it never throws.
 */
export async function invalidateData(): Promise<void> {
  cache.clear();
  await cache.publish("all");
}

/** Empties this process's cache only (tests). */
export function clearDataCache() {
  cache.clear();
}

/** Entries, hits and misses of this process (tests and diagnostics). */
export function dataCacheStats() {
  return cache.stats();
}

/** Closes the subscription (tests). */
export async function stopDataCacheListening() {
  cache.stopListening();
}
