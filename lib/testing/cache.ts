import { afterEach, beforeEach } from "vitest";

/**
 * The set-up of a cache's tests in one process, inside their `describe`: before each test the
 * cache keeps entries for 30 seconds (the environment variable `seconds`, e.g.
 * CALLER_CACHE_SECONDS) and starts empty (`clear`); after it the variable is unset again.
 */
export function cacheForEachTest(seconds: string, clear: () => void) {
  beforeEach(() => {
    process.env[seconds] = "30";
    clear();
  });
  afterEach(() => {
    delete process.env[seconds];
  });
}
