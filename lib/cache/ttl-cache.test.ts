import { afterEach, expect, it } from "vitest";
import { TtlCache, type TtlCacheOptions } from "./ttl-cache";

// The primitive under the data cache and the caller cache; their own tests (./data-cache.test.ts,
// lib/auth/caller-cache.test.ts) cover sharing, the overlap guard and Redis through them.

const kept = globalThis as unknown as Record<string, unknown>;
const globalKey = "pumsTtlCacheTest";

afterEach(() => {
  delete kept[globalKey];
});

function cacheOf<V>(options: Partial<TtlCacheOptions<V>> = {}) {
  return new TtlCache<V>({
    globalKey,
    ttlMs: () => 60_000,
    maxWeight: 10,
    channel: "pums:test:invalidate",
    connectionName: "pums-test",
    listener: "test cache",
    onMessage: () => {},
    ...options,
  });
}

it("keeps a loaded value, and not when told not to or past the expiry the load gives", async () => {
  const cache = cacheOf<string>();
  await cache.get("kept", async () => "first");
  await expect(cache.get("kept", async () => "second")).resolves.toBe("first");
  await cache.get(
    "not kept",
    async () => "first",
    () => false,
  );
  await expect(cache.get("not kept", async () => "second")).resolves.toBe("second");
  await cache.get(
    "expired",
    async () => "first",
    () => ({ expiresAt: Date.now() - 1 }),
  );
  await expect(cache.get("expired", async () => "second")).resolves.toBe("second");
});

it("drops the entries of a tag, and only those", async () => {
  const cache = cacheOf<{ user: string }>({ tagOf: (value) => value.user });
  cache.set("token:a", { user: "a" });
  cache.set("session:a", { user: "a" });
  cache.set("token:b", { user: "b" });
  cache.deleteTagged(["a"]);
  expect(cache.stats().entries).toBe(1);
  await expect(cache.get("token:b", async () => ({ user: "loaded" }))).resolves.toEqual({ user: "b" });
});

it("sweeps expired entries before it drops everything to stay within its weight", () => {
  const cache = cacheOf<number>({ weigh: (value) => value });
  cache.set("expired", 6, Date.now() - 1);
  cache.set("fresh", 3);
  cache.set("new", 4);
  expect(cache.stats()).toMatchObject({ entries: 2, weight: 7 });
  cache.set("too much", 5);
  expect(cache.stats()).toMatchObject({ entries: 1, weight: 5 });
});

it("shares its state through globalThis, and drops entries kept in an older shape", () => {
  cacheOf<string>().set("shared", "value");
  expect(cacheOf<string>().stats().entries).toBe(1);
  kept[globalKey] = { entries: new Map([["old", { actor: {} }]]), generation: 3 };
  expect(cacheOf<string>().stats()).toMatchObject({ entries: 0, weight: 0, generation: 3 });
});
