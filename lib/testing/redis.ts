/**
 * The Redis server the Redis tests run against (TEST_REDIS_URL), or undefined: then `what`'s
 * Redis tests are skipped with a warning, except in CI's services pass (CI_SERVICES=true), which
 * fails without it.
 */
export function testRedisUrl(what: string): string | undefined {
  const url = process.env.TEST_REDIS_URL;
  if (!url && process.env.CI_SERVICES === "true") throw new Error(`TEST_REDIS_URL is not set: ${what}'s Redis tests cannot run.`);
  if (!url) console.warn(`TEST_REDIS_URL is not set: ${what}'s Redis tests are skipped.`);
  return url;
}

/** Waits until `condition` holds, looking every 20 ms; throws after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
