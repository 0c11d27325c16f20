import { Redis } from "ioredis";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { actorOf, createPartner } from "../testing/factories";
import { cacheAcrossInstances, cutSubscriber, testRedisUrl, until } from "../testing/redis";

/**
 * The caller cache across instances, through Redis pub/sub: this process is one instance, a second
 * Redis client plays the other (lib/system/two-instances.test.ts does it with two real servers).
 * Runs when TEST_REDIS_URL is set; CI's services pass (CI_SERVICES=true) fails without it.
 */
const redisUrl = testRedisUrl("the caller cache");

const CHANNEL = "pums:callers:invalidate";

describe.runIf(redisUrl)("caller cache across instances (Redis)", () => {
  const instances = cacheAcrossInstances(
    redisUrl,
    { CALLER_CACHE_SECONDS: "30" },
    () => import("./caller-cache"),
    (cache) => cache.stopListening(),
  );

  const live = (actor: ReturnType<typeof actorOf>) => async () => ({ actor, credentialExpiresAt: new Date(Date.now() + 60_000) });

  async function cachedNow(key: string, actor: ReturnType<typeof actorOf>) {
    // The first lookup starts the subscription; caching begins once it is live.
    await until(async () => {
      await instances.cache.cachedCaller(key, live(actor));
      return instances.cache.cachedCallerCount() > 0;
    });
  }

  beforeEach(() => instances.cache.clearCallerCache());

  it("drops a user's entries when another instance publishes an invalidation", async () => {
    const user = actorOf(await createPartner());
    const bystander = actorOf(await createPartner());
    await cachedNow(`test:${user.userId}`, user);
    await instances.cache.cachedCaller(`test:${bystander.userId}`, live(bystander));
    expect(instances.cache.cachedCallerCount()).toBe(2);
    await instances.other.publish(CHANNEL, JSON.stringify([user.userId]));
    await until(() => instances.cache.cachedCallerCount() === 1);
    expect(await instances.cache.cachedCaller(`test:${user.userId}`, async () => null)).toBeNull();
    expect(await instances.cache.cachedCaller(`test:${bystander.userId}`, async () => null)).toEqual(bystander);
  });

  it("tells every other instance when it invalidates", async () => {
    const listener = new Redis(redisUrl!);
    const heard: string[] = [];
    listener.on("message", (_channel, message) => heard.push(message));
    await listener.subscribe(CHANNEL);
    const user = await createPartner();
    const { revokeToken } = await import("./tokens");
    const { tokenFor } = await import("../testing/factories");
    await tokenFor(user.id);
    const token = await db.apiToken.findFirstOrThrow({ where: { userId: user.id } });
    await revokeToken(user.id, token.id, { actorId: user.id, via: "TOKEN" });
    await until(() => heard.some((message) => (JSON.parse(message) as string[]).includes(user.id)));
    listener.disconnect();
  });

  it("flushes and stops caching while the subscription is lost, and caches again once it is back", async () => {
    const user = actorOf(await createPartner());
    await cachedNow(`test:${user.userId}`, user);
    await cutSubscriber(instances.other, "pums-callers");
    await until(() => instances.cache.cachedCallerCount() === 0);
    // Reconnected and subscribed again: entries are kept again.
    await cachedNow(`test:${user.userId}`, user);
    expect(instances.cache.cachedCallerCount()).toBe(1);
  });
});
