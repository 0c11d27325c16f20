import { describe, expect, it, vi } from "vitest";

// Tests run in order within a file: the second sees what the first left behind.
describe("the test clock", () => {
  it("may be set by a test", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2000-01-01T00:00:00Z"));
    expect(new Date().getUTCFullYear()).toBe(2000);
  });

  it("is the real one again in the next test, without the file restoring it (lib/testing/setup.ts)", () => {
    expect(vi.isFakeTimers()).toBe(false);
    expect(new Date().getUTCFullYear()).toBeGreaterThan(2000);
  });
});
