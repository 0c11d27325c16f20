import { redis, redisUrl } from "../redis";
import { subscribe, type Subscription } from "../redis/subscription";
import { LoadsUnderWay } from "./loads-under-way";

/**
 * The one in-process cache primitive under the data cache (./data-cache.ts) and the caller cache
 * (lib/auth/caller-cache.ts): a map with a time-to-live and a size bound, whose misses of one key
 * share one load, and which, with REDIS_URL, hears other instances' invalidations on a channel.
 *
 * The rules that make a lost message harmless live here, once:
 * - an entry lives at most `ttlMs()` (`0` turns the cache off), and never past `expiresAt` when
 *   the load gives one;
 * - with REDIS_URL nothing is cached while the subscription is down, and everything is dropped
 *   when it is lost and again when it is back (lib/redis/subscription.ts);
 * - every invalidation bumps a generation: a load that started before it is neither stored nor
 *   joined by a later request, so it cannot bring back what the invalidation removed.
 *
 * Each entry may carry a tag (the caller cache tags a credential with its user), so that all the
 * entries of one tag can be dropped at once.
 */
export interface TtlCacheOptions<V> {
  /** Where the state is kept on globalThis: one cache per process, also across bundles and reloads. */
  globalKey: string;
  /** An entry's life in milliseconds, read on every use; `0` or less turns the cache off. */
  ttlMs: () => number;
  /** The size bound, in weight (entries unless `weigh` says otherwise). */
  maxWeight: number;
  weigh?: (value: V) => number;
  tagOf?: (value: V) => string | undefined;
  /** The Redis channel other instances publish invalidations on (with REDIS_URL). */
  channel: string;
  /** The subscription's connection name, e.g. `pums-data` (the process id is appended). */
  connectionName: string;
  /** Who listens, for log lines ("data cache"). */
  listener: string;
  /** What a message from another instance drops. */
  onMessage: (message: string) => void;
}

/** Whether a loaded value is kept: not at all, or until the cache's time-to-live (capped by `expiresAt`, ms). */
export type Keep = false | { expiresAt?: number };

interface Entry<V> {
  value: V;
  expiresAt: number;
  weight: number;
  tag?: string;
}

interface State<V> {
  entries: Map<string, Entry<V>>;
  keysByTag: Map<string, Set<string>>;
  weight: number;
  generation: number;
  /** Loads under way, shared by concurrent misses of their key. */
  loading: LoadsUnderWay<V>;
  /** With REDIS_URL: the invalidation channel; caching only while it is live. */
  subscription?: Subscription;
  hits: number;
  misses: number;
  /** Misses that joined a load under way instead of starting their own. */
  joined: number;
}

export class TtlCache<V> {
  private readonly state: State<V>;

  constructor(private readonly options: TtlCacheOptions<V>) {
    const kept = globalThis as unknown as Record<string, Partial<State<V>> | undefined>;
    const state = kept[options.globalKey] ?? {};
    kept[options.globalKey] = state;
    // A state kept from an older version of a cache module (development reloads) may lack newer
    // fields or hold entries of an older shape: those entries are dropped.
    if (!(state.entries instanceof Map) || typeof state.weight !== "number" || !(state.keysByTag instanceof Map)) {
      state.entries = new Map();
      state.keysByTag = new Map();
      state.weight = 0;
    }
    state.generation ??= 0;
    state.hits ??= 0;
    state.misses ??= 0;
    state.joined ??= 0;
    state.loading = LoadsUnderWay.reuse(state.loading);
    this.state = state as State<V>;
  }

  /** Caching is on unless the time-to-live is 0; with REDIS_URL only while the subscription is live. */
  usable(): boolean {
    if (this.options.ttlMs() <= 0) return false;
    if (!redisUrl()) return true;
    this.listen();
    return this.state.subscription?.live ?? false;
  }

  /**
   * The value under `key`: from the cache while fresh, otherwise from `load`, whose result is kept
   * as `keep` says unless an invalidation happened while it ran. Concurrent misses of one key
   * share one load begun since the latest invalidation; the result is shared, never to be changed.
   */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => Keep = () => ({})): Promise<V> {
    const state = this.state;
    const usable = this.usable();
    const hit = state.entries.get(key);
    if (hit && hit.expiresAt > Date.now() && usable) {
      state.hits++;
      return hit.value;
    }
    state.misses++;
    if (hit) this.delete(key);
    const generation = state.generation;
    const { value: loading, joined } = state.loading.run(key, generation, usable, load);
    if (joined) {
      state.joined++;
      return loading;
    }
    const value = await loading;
    const kept = keep(value);
    if (kept && this.usable() && generation === state.generation) this.set(key, value, kept.expiresAt);
    return value;
  }

  /** The fresh value under `key`, without loading it: undefined when absent, expired or the cache is not usable. */
  peek(key: string): V | undefined {
    const hit = this.state.entries.get(key);
    if (!hit || hit.expiresAt <= Date.now() || !this.usable()) return undefined;
    this.state.hits++;
    return hit.value;
  }

  /** The generation now: every invalidation bumps it (`setIfCurrent`). */
  generation(): number {
    return this.state.generation;
  }

  /**
   * Keeps `value` under `key` as `set` does, but only while the cache is usable and no invalidation
   * happened since `generation` was read: a value worked out from what the cache held then is never
   * kept past a write that came in between (the same guard as a load's in `get`).
   */
  setIfCurrent(key: string, value: V, generation: number) {
    if (this.usable() && generation === this.state.generation) this.set(key, value);
  }

  /** Keeps `value` under `key` for the time-to-live, or until `expiresAt` (ms) when that is sooner. */
  set(key: string, value: V, expiresAt = Number.POSITIVE_INFINITY) {
    const state = this.state;
    const weight = this.options.weigh?.(value) ?? 1;
    this.delete(key);
    if (state.weight + weight > this.options.maxWeight) this.makeRoom(weight);
    const tag = this.options.tagOf?.(value);
    state.entries.set(key, { value, expiresAt: Math.min(Date.now() + this.options.ttlMs(), expiresAt), weight, tag });
    state.weight += weight;
    if (tag === undefined) return;
    const keys = state.keysByTag.get(tag) ?? new Set<string>();
    keys.add(key);
    state.keysByTag.set(tag, keys);
  }

  delete(key: string) {
    const state = this.state;
    const entry = state.entries.get(key);
    if (!entry) return;
    state.entries.delete(key);
    state.weight -= entry.weight;
    if (entry.tag === undefined) return;
    const keys = state.keysByTag.get(entry.tag);
    keys?.delete(key);
    if (keys?.size === 0) state.keysByTag.delete(entry.tag);
  }

  /** Drops the entries of these tags in this process; loads under way are not stored. */
  deleteTagged(tags: Iterable<string>) {
    this.state.generation++;
    for (const tag of tags) for (const key of this.state.keysByTag.get(tag) ?? []) this.delete(key);
  }

  /** Empties this process's cache; loads under way are not stored. */
  clear() {
    const state = this.state;
    state.generation++;
    state.entries.clear();
    state.keysByTag.clear();
    state.weight = 0;
  }

  /** Sends `message` to every instance's cache (with REDIS_URL); never throws. */
  async publish(message: string): Promise<void> {
    const connection = redis();
    if (!connection) return;
    try {
      await connection.publish(this.options.channel, message);
    } catch (error) {
      console.error(`${this.options.listener}: could not publish an invalidation (${(error as Error).message})`);
    }
  }

  /** Entries, weight, hits and misses of this process (tests and diagnostics). */
  stats() {
    const { entries, weight, hits, misses, joined, generation } = this.state;
    return { entries: entries.size, weight, hits, misses, joined, generation };
  }

  /** Closes the subscription and empties the cache (tests). */
  stopListening() {
    this.state.subscription?.close();
    this.state.subscription = undefined;
    this.clear();
  }

  /** Sweeps expired entries; drops everything when that does not make room for `weight`. */
  private makeRoom(weight: number) {
    const now = Date.now();
    for (const [key, entry] of this.state.entries) if (entry.expiresAt <= now) this.delete(key);
    if (this.state.weight + weight > this.options.maxWeight) this.clear();
  }

  /** Subscribes once per process; the connection state decides whether the cache may be used. */
  private listen() {
    const url = redisUrl();
    if (this.state.subscription || !url) return;
    this.state.subscription = subscribe({
      url,
      channel: this.options.channel,
      connectionName: `${this.options.connectionName}-${process.pid}`,
      listener: this.options.listener,
      onMessage: this.options.onMessage,
      flush: () => this.clear(),
    });
  }
}
