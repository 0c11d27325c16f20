import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPartner, createProjectFor } from "../testing/factories";
import { testRedisUrl, until } from "../testing/redis";

/**
 * The data cache across instances, through Redis pub/sub: this process is one instance, a second
 * Redis client plays the other. Runs when TEST_REDIS_URL is set; CI's services pass
 * (CI_SERVICES=true) fails without it.
 */
const redisUrl = testRedisUrl("the data cache");

const CHANNEL = "pums:data:invalidate";

describe.runIf(redisUrl)("data cache across instances (Redis)", () => {
  let other: Redis;
  let cache: typeof import("./data-cache");

  beforeAll(async () => {
    process.env.REDIS_URL = redisUrl;
    process.env.DATA_CACHE_SECONDS = "30";
    cache = await import("./data-cache");
    other = new Redis(redisUrl!);
  });

  afterAll(async () => {
    await cache.stopDataCacheListening();
    (await import("../redis")).disconnectRedis();
    other.disconnect();
    delete process.env.REDIS_URL;
  });

  async function cachedNow(key: string) {
    // The first read starts the subscription; caching begins once it is live.
    await until(async () => {
      await cache.cachedData(key, async () => key);
      return cache.dataCacheStats().entries > 0;
    });
  }

  beforeEach(() => cache.clearDataCache());

  it("empties when another instance publishes an invalidation", async () => {
    await cachedNow("test:one");
    await other.publish(CHANNEL, "all");
    await until(() => cache.dataCacheStats().entries === 0);
    expect(await cache.cachedData("test:one", async () => "read again")).toBe("read again");
  });

  it("drops a kept answer's validator when another instance publishes an invalidation (revalidateEarly)", async () => {
    await cachedNow("test:validator");
    cache.keepDerived("validator:/api/v1/projects/x", { etag: '"v1"' }, cache.dataGeneration());
    expect(cache.peekData("validator:/api/v1/projects/x")).toEqual({ etag: '"v1"' });
    await other.publish(CHANNEL, "all");
    await until(() => cache.peekData("validator:/api/v1/projects/x") === undefined);
  });

  it("tells every other instance when a write commits", async () => {
    const listener = new Redis(redisUrl!);
    let heard = 0;
    listener.on("message", () => heard++);
    await listener.subscribe(CHANNEL);
    await createProjectFor(await createPartner(), { status: "PUBLISHED" });
    await until(() => heard > 0);
    listener.disconnect();
  });

  it("flushes and stops caching while the subscription is lost, and caches again once it is back", async () => {
    await cachedNow("test:lost");
    const clients = (await other.client("LIST")) as string;
    const mine = clients.split("\n").find((line) => line.includes(` name=pums-data-${process.pid} `));
    expect(mine, "the subscriber connection is named pums-data-<pid>").toBeDefined();
    await other.client("KILL", "ID", /id=(\d+)/.exec(mine!)![1]);
    await until(() => cache.dataCacheStats().entries === 0);
    await cachedNow("test:lost");
    expect(cache.dataCacheStats().entries).toBe(1);
  });
});
