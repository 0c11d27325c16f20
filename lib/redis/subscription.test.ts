import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testRedisUrl, until } from "../testing/redis";
import { subscribe, type Subscription } from "./subscription";

/**
 * The invalidation subscription both caches use, on a real Redis (the caches' own Redis tests,
 * lib/auth/caller-cache-redis.test.ts and lib/cache/data-cache-redis.test.ts, check them through
 * it). Runs when TEST_REDIS_URL is set; CI's services pass (CI_SERVICES=true) fails without it.
 */
const redisUrl = testRedisUrl("the subscription");

describe.runIf(redisUrl)("a Redis invalidation subscription", () => {
  const channel = `pums:test:subscription:${process.pid}`;
  const connectionName = `pums-test-subscription-${process.pid}`;
  const heard: string[] = [];
  let flushes = 0;
  let other: Redis;
  let subscription: Subscription;

  beforeAll(() => {
    other = new Redis(redisUrl!);
    subscription = subscribe({
      url: redisUrl!,
      channel,
      connectionName,
      listener: "test",
      onMessage: (message) => heard.push(message),
      flush: () => flushes++,
    });
  });

  afterAll(() => {
    subscription.close();
    other.disconnect();
  });

  it("is live once subscribed, after a flush, and hears its channel only", async () => {
    await until(() => subscription.live);
    expect(flushes).toBeGreaterThanOrEqual(1);
    await other.publish(`${channel}:other`, "not mine");
    await other.publish(channel, "mine");
    await until(() => heard.length > 0);
    expect(heard).toEqual(["mine"]);
  });

  it("flushes when the connection drops and again once it is back, then hears again", async () => {
    await until(() => subscription.live);
    const clients = (await other.client("LIST")) as string;
    const mine = clients.split("\n").find((line) => line.includes(` name=${connectionName} `));
    expect(mine, "the connection carries its name").toBeDefined();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const before = flushes;
    await other.client("KILL", "ID", /id=(\d+)/.exec(mine!)![1]);
    // One flush when lost (the subscription stops being live, and says so), one when subscribed again.
    await until(() => flushes >= before + 2 && subscription.live);
    expect(warn).toHaveBeenCalledWith("test: Redis subscription lost; caching paused");
    warn.mockRestore();
    await other.publish(channel, "after");
    await until(() => heard.includes("after"));
  });

  it("stops hearing when closed", async () => {
    subscription.close();
    expect(subscription.live).toBe(false);
    await other.publish(channel, "closed");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).not.toContain("closed");
  });
});
