import { redis, redisUrl } from "../redis";
import { subscribe, type Subscription } from "../redis/subscription";
import { LoadsUnderWay } from "./loads-under-way";

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
 * Safety when a message is lost (same rules as the caller cache): an entry lives at most
 * DATA_CACHE_SECONDS (default 5, `0` turns the cache off); with REDIS_URL nothing is cached while
 * the subscription is down, and everything is dropped when it is lost and again when it is back;
 * a read that overlapped an invalidation is not stored (a generation counter).
 *
 * Concurrent misses of one key share one load (when an entry expires under load, 32 requests
 * would otherwise send 32 identical statements at once): a request joins a load only if no
 * invalidation happened since it started, so a read that follows a write never gets what was read
 * before it.
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

interface Entry {
  value: unknown;
  expiresAt: number;
  weight: number;
}

interface CacheState {
  entries: Map<string, Entry>;
  weight: number;
  generation: number;
  /** Loads under way, shared by concurrent misses of their key. */
  loading: LoadsUnderWay<unknown>;
  /** With REDIS_URL: the invalidation channel; caching only while it is live. */
  subscription?: Subscription;
  hits: number;
  misses: number;
  /** Misses that joined a load under way instead of starting their own. */
  joined: number;
}

// One cache per process, also when Next.js loads this module into more than one bundle.
const globalCache = globalThis as unknown as { pumsDataCache?: CacheState };
globalCache.pumsDataCache ??= {
  entries: new Map(),
  weight: 0,
  generation: 0,
  loading: new LoadsUnderWay(),
  hits: 0,
  misses: 0,
  joined: 0,
};
const state: CacheState = globalCache.pumsDataCache;

// A state kept from an older version of this module (development reloads) may lack newer fields.
state.loading = LoadsUnderWay.reuse(state.loading);

function cacheUsable(): boolean {
  if (dataCacheMs() <= 0) return false;
  if (!redisUrl()) return true;
  listen();
  return state.subscription?.live ?? false;
}

/**
 * The value under `key`: from the cache while fresh, otherwise from `load` (stored unless an
 * invalidation happened while it ran). `load` must read committed data only (never inside a
 * transaction) and its result must not be changed by the caller: it is shared.
 */
export async function cachedData<T>(key: string, load: () => Promise<T>): Promise<T> {
  const usable = cacheUsable();
  const hit = state.entries.get(key);
  if (hit && hit.expiresAt > Date.now() && usable) {
    state.hits++;
    return hit.value as T;
  }
  state.misses++;
  if (hit) remove(key, hit);
  const generation = state.generation;
  const { value: loading, joined } = state.loading.run(key, generation, usable, load);
  if (joined) {
    state.joined++;
    return loading as Promise<T>;
  }
  const value = (await loading) as T;
  if (cacheUsable() && generation === state.generation) store(key, value);
  return value;
}

function store(key: string, value: unknown) {
  const weight = weigh(value);
  if (state.weight + weight > MAX_WEIGHT) makeRoom(weight);
  const previous = state.entries.get(key);
  if (previous) remove(key, previous);
  state.entries.set(key, { value, expiresAt: Date.now() + dataCacheMs(), weight });
  state.weight += weight;
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

function remove(key: string, entry: Entry) {
  state.entries.delete(key);
  state.weight -= entry.weight;
}

/** Sweeps expired entries; drops everything when that does not make room for `weight`. */
function makeRoom(weight: number) {
  const now = Date.now();
  for (const [key, entry] of state.entries) if (entry.expiresAt <= now) remove(key, entry);
  if (state.weight + weight > MAX_WEIGHT) clearLocal();
}

/**
 * Empties the cache here and (with REDIS_URL) on every instance. The database client calls it
 * after every committed write that could change a cached read; it never throws.
 */
export async function invalidateData(): Promise<void> {
  clearLocal();
  const connection = redis();
  if (!connection) return;
  try {
    await connection.publish(DATA_INVALIDATION_CHANNEL, "all");
  } catch (error) {
    console.error(`data cache: could not publish an invalidation (${(error as Error).message})`);
  }
}

function clearLocal() {
  state.generation++;
  state.entries.clear();
  state.weight = 0;
}

/** Empties this process's cache only (tests). */
export function clearDataCache() {
  clearLocal();
}

/** Entries, hits and misses of this process (tests and diagnostics). */
export function dataCacheStats() {
  return {
    entries: state.entries.size,
    weight: state.weight,
    hits: state.hits,
    misses: state.misses,
    joined: state.joined,
    generation: state.generation,
  };
}

/** Subscribes once per process; the connection state decides whether the cache may be used. */
function listen() {
  const url = redisUrl();
  if (state.subscription || !url) return;
  state.subscription = subscribe({
    url,
    channel: DATA_INVALIDATION_CHANNEL,
    connectionName: `pums-data-${process.pid}`,
    listener: "data cache",
    onMessage: clearLocal,
    flush: clearLocal,
  });
}

/** Closes the subscription (tests). */
export async function stopDataCacheListening() {
  state.subscription?.close();
  state.subscription = undefined;
  clearLocal();
}
