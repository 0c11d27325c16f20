import { Redis } from "ioredis";
import { afterAll, beforeAll, expect } from "vitest";

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

/**
 * The set-up of a cache's tests across instances, inside their `describe`: this process is one
 * instance, on the Redis at `redisUrl` with `env` set, and loads the cache (`load`) after that; a
 * second client, `other`, plays the other instance. After the tests the cache stops listening
 * (`stopListening`), both connections close and REDIS_URL is unset again.
 */
export function cacheAcrossInstances<Cache>(
  redisUrl: string | undefined,
  env: Record<string, string>,
  load: () => Promise<Cache>,
  stopListening: (cache: Cache) => Promise<void>,
): { cache: Cache; other: Redis } {
  const instances = {} as { cache: Cache; other: Redis };
  beforeAll(async () => {
    Object.assign(process.env, { REDIS_URL: redisUrl, ...env });
    instances.cache = await load();
    instances.other = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await stopListening(instances.cache);
    (await import("../redis")).disconnectRedis();
    instances.other.disconnect();
    delete process.env.REDIS_URL;
  });
  return instances;
}

/** Cuts this process's subscriber connection, named `<name>-<pid>`, as a lost connection would be cut. */
export async function cutSubscriber(other: Redis, name: string) {
  const clients = (await other.client("LIST")) as string;
  const mine = clients.split("\n").find((line) => line.includes(` name=${name}-${process.pid} `));
  expect(mine, `the subscriber connection is named ${name}-<pid>`).toBeDefined();
  await other.client("KILL", "ID", /id=(\d+)/.exec(mine!)![1]);
}
