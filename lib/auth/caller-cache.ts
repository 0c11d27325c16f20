import { redis, redisUrl } from "../redis";
import { LoadsUnderWay } from "../cache/loads-under-way";
import { subscribe, type Subscription } from "../redis/subscription";
import type { Actor } from "./actor";

/**
 * The caller cache: who a token or session cookie belongs to (user, platform roles, partner
 * status, scopes), kept in-process for a few seconds so that a request does not ask the database
 * who its caller is. Every change that could narrow what a caller may do calls
 * `invalidateCallers(userIds)` after its transaction commits: it drops those users' entries in
 * this process at once and, with REDIS_URL, on every instance through Redis pub/sub.
 *
 * Safety when a message is lost: an entry lives at most CALLER_CACHE_SECONDS (default 5) and never
 * past its credential's expiry; while the Redis subscription is down nothing is cached, and the
 * whole cache is dropped when the connection is lost and again when it is back. A lookup that
 * overlapped an invalidation is not stored (the generation counter), so it cannot bring back
 * what the invalidation removed.
 *
 * Concurrent lookups of one credential share one database lookup (when an entry expires under
 * load, every request of that client would otherwise ask at once), but only a lookup that started
 * after the latest invalidation: a request after a revocation never gets the answer from before it.
 */
export function callerCacheMs(): number {
  return Number(process.env.CALLER_CACHE_SECONDS ?? 5) * 1000;
}
const MAX_ENTRIES = 20_000;
export const INVALIDATION_CHANNEL = "pums:callers:invalidate";

interface Entry {
  actor: Actor;
  expiresAt: number;
}

interface CacheState {
  entries: Map<string, Entry>;
  keysByUser: Map<string, Set<string>>;
  generation: number;
  /** Lookups under way, shared by concurrent requests with the same credential. */
  loading: LoadsUnderWay<Loaded>;
  /** With REDIS_URL: the invalidation channel; caching only while it is live (this process hears other instances). */
  subscription?: Subscription;
}

// One cache per process, also when Next.js loads this module into more than one bundle.
const globalCache = globalThis as unknown as { pumsCallerCache?: CacheState };
globalCache.pumsCallerCache ??= {
  entries: new Map(),
  keysByUser: new Map(),
  generation: 0,
  loading: new LoadsUnderWay(),
};
const state: CacheState = globalCache.pumsCallerCache;
// A state kept from an older version of this module (development reloads) may lack newer fields.
state.loading = LoadsUnderWay.reuse(state.loading);

type Loaded = { actor: Actor; credentialExpiresAt: Date } | null;

export function tokenCacheKey(tokenHash: string) {
  return `token:${tokenHash}`;
}

export function sessionCacheKey(sessionId: string) {
  return `session:${sessionId}`;
}

/** Caching is on unless CALLER_CACHE_SECONDS=0; with REDIS_URL only while the subscription is live. */
function cacheUsable(): boolean {
  if (callerCacheMs() <= 0) return false;
  if (!redisUrl()) return true;
  listen();
  return state.subscription?.live ?? false;
}

/**
 * The caller behind `key`: from the cache when fresh, otherwise from `load` (which asks the
 * database and returns null for a credential that is unknown, revoked, expired or suspended).
 * Only live callers are cached; `credentialExpiresAt` bounds the entry's life.
 */
export async function cachedCaller(key: string, load: () => Promise<Loaded>): Promise<Actor | null> {
  const usable = cacheUsable();
  const hit = state.entries.get(key);
  if (hit && hit.expiresAt > Date.now() && usable) return hit.actor;
  if (hit) forgetKey(key, hit.actor.userId);

  const generation = state.generation;
  const { value: lookup, joined } = state.loading.run(key, generation, usable, load);
  const loaded = await lookup;
  if (!loaded) return null;
  if (!joined && cacheUsable() && generation === state.generation) store(key, loaded);
  return loaded.actor;
}

function store(key: string, { actor, credentialExpiresAt }: NonNullable<Loaded>) {
  if (state.entries.size >= MAX_ENTRIES) clearLocal();
  state.entries.set(key, { actor, expiresAt: Math.min(Date.now() + callerCacheMs(), credentialExpiresAt.getTime()) });
  const keys = state.keysByUser.get(actor.userId) ?? new Set<string>();
  keys.add(key);
  state.keysByUser.set(actor.userId, keys);
}

/**
 * Drops every cached token and session of these users, here and (with REDIS_URL) on every
 * instance. Call it after the transaction that revokes a token, ends a session, signs out,
 * suspends, changes platform roles, partner status, profile or password commits. It never throws:
 * when Redis cannot be reached, the other instances have lost their subscription too and have
 * stopped caching.
 */
export async function invalidateCallers(userIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  dropLocal(ids);
  const connection = redis();
  if (!connection) return;
  try {
    await connection.publish(INVALIDATION_CHANNEL, JSON.stringify(ids));
  } catch (error) {
    console.error(`caller cache: could not publish an invalidation (${(error as Error).message})`);
  }
}

function dropLocal(userIds: string[]) {
  state.generation++;
  for (const userId of userIds) {
    for (const key of state.keysByUser.get(userId) ?? []) state.entries.delete(key);
    state.keysByUser.delete(userId);
  }
}

function forgetKey(key: string, userId: string) {
  state.entries.delete(key);
  state.keysByUser.get(userId)?.delete(key);
}

function clearLocal() {
  state.generation++;
  state.entries.clear();
  state.keysByUser.clear();
}

/** Empties this process's cache (tests, and when the Redis subscription is lost or restored). */
export function clearCallerCache() {
  clearLocal();
}

/** How many callers this process holds (tests and diagnostics). */
export function cachedCallerCount() {
  return state.entries.size;
}

/** Subscribes once per process; the connection state decides whether the cache may be used. */
function listen() {
  const url = redisUrl();
  if (state.subscription || !url) return;
  state.subscription = subscribe({
    url,
    channel: INVALIDATION_CHANNEL,
    connectionName: `pums-callers-${process.pid}`,
    listener: "caller cache",
    onMessage: dropNamedUsers,
    flush: clearLocal,
  });
}

/** A message names the users whose entries to drop (a JSON array of ids); anything else drops all. */
function dropNamedUsers(message: string) {
  try {
    const ids = JSON.parse(message) as unknown;
    if (Array.isArray(ids)) dropLocal(ids.filter((id): id is string => typeof id === "string"));
    else clearLocal();
  } catch {
    clearLocal();
  }
}

/** Closes the subscription (tests). */
export async function stopListening() {
  state.subscription?.close();
  state.subscription = undefined;
  clearLocal();
}
