import { TtlCache } from "../cache/ttl-cache";
import type { Actor } from "./actor";

/**
 * The caller cache: who a token or session cookie belongs to (user, platform roles, partner
 * status, scopes), kept in-process for a few seconds so that a request does not ask the database
 * who its caller is. Every change that could narrow what a caller may do calls
 * `invalidateCallers(userIds)` after its transaction commits: it drops those users' entries in
 * this process at once and, with REDIS_URL, on every instance through Redis pub/sub.
 *
 * Safety when a message is lost is the cache primitive's (lib/cache/ttl-cache.ts): an entry lives
 * at most CALLER_CACHE_SECONDS (default 5) and, here, never past its credential's expiry; while the
 * Redis subscription is down nothing is cached, and the whole cache is dropped when the connection
 * is lost and again when it is back. A lookup that overlapped an invalidation is not stored, so it
 * cannot bring back what the invalidation removed. Concurrent lookups of one credential share one
 * database lookup, but only one that started after the latest invalidation: a request after a
 * revocation never gets the answer from before it.
 *
 * What is this cache's own: the keys (a token's hash, a session's id), that only live callers are
 * kept, and that an invalidation names users (each entry is tagged with its user).
 */
export function callerCacheMs(): number {
  return Number(process.env.CALLER_CACHE_SECONDS ?? 5) * 1000;
}
const MAX_ENTRIES = 20_000;
export const INVALIDATION_CHANNEL = "pums:callers:invalidate";

type Loaded = { actor: Actor; credentialExpiresAt: Date } | null;

const cache = new TtlCache<Loaded>({
  globalKey: "pumsCallerCache",
  ttlMs: callerCacheMs,
  maxWeight: MAX_ENTRIES,
  tagOf: (loaded) => loaded?.actor.userId,
  channel: INVALIDATION_CHANNEL,
  connectionName: "pums-callers",
  listener: "caller cache",
  onMessage: dropNamedUsers,
});

export function tokenCacheKey(tokenHash: string) {
  return `token:${tokenHash}`;
}

export function sessionCacheKey(sessionId: string) {
  return `session:${sessionId}`;
}

/**
 * The caller behind `key`: from the cache when fresh, otherwise from `load` (which asks the
 * database and returns null for a credential that is unknown, revoked, expired or suspended).
 * Only live callers are cached; `credentialExpiresAt` bounds the entry's life.
 */
export async function cachedCaller(key: string, load: () => Promise<Loaded>): Promise<Actor | null> {
  const loaded = await cache.get(key, load, (found) => (found ? { expiresAt: found.credentialExpiresAt.getTime() } : false));
  return loaded?.actor ?? null;
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
  cache.deleteTagged(ids);
  await cache.publish(JSON.stringify(ids));
}

/** Empties this process's cache (tests, and when the Redis subscription is lost or restored). */
export function clearCallerCache() {
  cache.clear();
}

/** How many callers this process holds (tests and diagnostics). */
export function cachedCallerCount() {
  return cache.stats().entries;
}

/** A message names the users whose entries to drop (a JSON array of ids); anything else drops all. */
function dropNamedUsers(message: string) {
  try {
    const ids = JSON.parse(message) as unknown;
    if (Array.isArray(ids)) cache.deleteTagged(ids.filter((id): id is string => typeof id === "string"));
    else cache.clear();
  } catch {
    cache.clear();
  }
}

/** Closes the subscription (tests). */
export async function stopListening() {
  cache.stopListening();
}
