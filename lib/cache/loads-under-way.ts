/**
 * Loads under way, by key, for an in-process cache: concurrent misses of one key share one load
 * instead of each sending the same statement. A request joins only a load that began in the
 * cache's current generation (no invalidation since), so a read that follows a write, or a lookup
 * that follows a revocation, never gets what was read before it. A failed load fails the requests
 * that joined it; nothing of it is kept.
 */
export class LoadsUnderWay<T> {
  /**
   * `kept` when it is one of these, otherwise a new one. A cache keeps its state on globalThis, and
   * a state kept from an older version of its module (development reloads) may lack this field or
   * hold it in an older shape. A second bundle's copy of this module has its own class and
   * replaces the first one's once: loads under way are then not shared.
   */
  static reuse<T>(kept: unknown): LoadsUnderWay<T> {
    return kept instanceof LoadsUnderWay ? kept : new LoadsUnderWay<T>();
  }

  private readonly loads = new Map<string, { generation: number; value: Promise<T> }>();

  /**
   * The load of `key` begun in `generation`, joined when there is one; otherwise `load()`, shared
   * with later requests while it runs when `share` (the cache is usable).
   */
  run(key: string, generation: number, share: boolean, load: () => Promise<T>): { value: Promise<T>; joined: boolean } {
    const underWay = this.loads.get(key);
    if (share && underWay?.generation === generation) return { value: underWay.value, joined: true };
    const value = load();
    if (share) {
      this.loads.set(key, { generation, value });
      const forget = () => {
        if (this.loads.get(key)?.value === value) this.loads.delete(key);
      };
      value.then(forget, forget);
    }
    return { value, joined: false };
  }
}
