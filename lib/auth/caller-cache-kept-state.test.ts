import { afterEach, expect, it, vi } from "vitest";

/**
 * The caller cache keeps its state on globalThis, so that a development reload (which loads the
 * module again) finds it. A state kept from an older version of the module may hold a field in an
 * older shape; the new module must replace it, not call what is not there.
 */
const kept = globalThis as unknown as { pumsCallerCache?: Record<string, unknown> };

afterEach(() => {
  delete kept.pumsCallerCache;
  vi.resetModules();
});

it("the caller cache replaces a loads map of an older shape kept from a development reload", async () => {
  vi.resetModules();
  kept.pumsCallerCache = { entries: new Map(), keysByUser: new Map(), generation: 0, loading: new Map() };
  const { cachedCaller } = await import("./caller-cache");
  await expect(cachedCaller("kept-state", async () => null)).resolves.toBeNull();
});
