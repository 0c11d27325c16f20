import { Redis } from "ioredis";
import { beforeEach, describe, expect, it } from "vitest";
import { createPartner, createProjectFor } from "../testing/factories";
import { cacheAcrossInstances, cutSubscriber, testRedisUrl, until } from "../testing/redis";

/**
 * The data cache across instances, through Redis pub/sub: this process is one instance, a second
 * Redis client plays the other. Runs when TEST_REDIS_URL is set; CI's services pass
 * (CI_SERVICES=true) fails without it.
 */
const redisUrl = testRedisUrl("the data cache");

const CHANNEL = "pums:data:invalidate";

describe.runIf(redisUrl)("data cache across instances (Redis)", () => {
  const instances = cacheAcrossInstances(
    redisUrl,
    { DATA_CACHE_SECONDS: "30" },
    () => import("./data-cache"),
    (cache) => cache.stopDataCacheListening(),
  );

  async function cachedNow(key: string) {
    // The first read starts the subscription; caching begins once it is live.
    await until(async () => {
      await instances.cache.cachedData(key, async () => key);
      return instances.cache.dataCacheStats().entries > 0;
    });
  }

  beforeEach(() => instances.cache.clearDataCache());

  it("empties when another instance publishes an invalidation", async () => {
    await cachedNow("test:one");
    await instances.other.publish(CHANNEL, "all");
    await until(() => instances.cache.dataCacheStats().entries === 0);
    expect(await instances.cache.cachedData("test:one", async () => "read again")).toBe("read again");
  });

  it("drops a kept answer's validator when another instance publishes an invalidation (revalidateEarly)", async () => {
    await cachedNow("test:validator");
    instances.cache.keepDerived("validator:/api/v1/projects/x", { etag: '"v1"' }, instances.cache.dataGeneration());
    expect(instances.cache.peekData("validator:/api/v1/projects/x")).toEqual({ etag: '"v1"' });
    await instances.other.publish(CHANNEL, "all");
    await until(() => instances.cache.peekData("validator:/api/v1/projects/x") === undefined);
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
    await cutSubscriber(instances.other, "pums-data");
    await until(() => instances.cache.dataCacheStats().entries === 0);
    await cachedNow("test:lost");
    expect(instances.cache.dataCacheStats().entries).toBe(1);
  });
});
