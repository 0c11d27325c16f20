import { afterEach, expect, it, vi } from "vitest";

/**
 * The data cache and the caller cache keep their state on globalThis, so that a development reload
 * (which loads the module again) finds it. A state kept from an older version of the module may hold
 * a field in an older shape; the new module must replace it, not call what is not there.
 */
const kept = globalThis as unknown as { pumsDataCache?: Record<string, unknown>; pumsCallerCache?: Record<string, unknown> };

afterEach(() => {
  delete kept.pumsDataCache;
  delete kept.pumsCallerCache;
  vi.resetModules();
});

it("the data cache replaces a loads map of an older shape kept from a development reload", async () => {
  vi.resetModules();
  kept.pumsDataCache = { entries: new Map(), weight: 0, generation: 0, loading: new Map(), hits: 0, misses: 0, joined: 0 };
  const { cachedData } = await import("./data-cache");
  await expect(cachedData("kept-state", async () => "loaded")).resolves.toBe("loaded");
});

it("so does the caller cache", async () => {
  vi.resetModules();
  kept.pumsCallerCache = { entries: new Map(), keysByUser: new Map(), generation: 0, loading: new Map() };
  const { cachedCaller } = await import("../auth/caller-cache");
  await expect(cachedCaller("kept-state", async () => null)).resolves.toBeNull();
});
