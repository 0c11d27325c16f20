import net from "node:net";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { unique } from "../testing/factories";
import { hit, MemoryCounterStore, RedisCounterStore, type CounterStore } from ".";

const rule = { name: "test", limit: 3, windowSeconds: 60 };

async function behavesAsFixedWindow(store: CounterStore) {
  const subject = unique();
  const states = [];
  for (let index = 0; index < 5; index++) states.push(await hit(rule, subject, store));
  expect(states.map((state) => state.allowed)).toEqual([true, true, true, false, false]);
  expect(states.map((state) => state.remaining)).toEqual([2, 1, 0, 0, 0]);
  expect(states[4].resetSeconds).toBeGreaterThan(0);
  expect(states[4].resetSeconds).toBeLessThanOrEqual(60);
  expect((await hit(rule, unique(), store)).allowed).toBe(true);
}

it("counts in process by default", async () => {
  await behavesAsFixedWindow(new MemoryCounterStore());
});

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 500 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

// CI sets TEST_REDIS_URL and then Redis must answer; on a laptop without Redis this says so and skips.
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisUp = await reachable(redisUrl);
if (!redisUp && process.env.TEST_REDIS_URL) throw new Error(`TEST_REDIS_URL=${redisUrl} is set but Redis does not answer.`);
if (!redisUp) console.warn(`Redis at ${redisUrl} is not running: the shared (REDIS_URL) rate-limit test is skipped.`);

describe.runIf(redisUp)("with REDIS_URL", () => {
  it("shares counters between instances through Redis", async () => {
    const [first, second] = [new Redis(redisUrl), new Redis(redisUrl)];
    try {
      const prefix = `pums-test:${unique()}:`;
      const subject = unique();
      const instanceA = new RedisCounterStore(first, prefix);
      const instanceB = new RedisCounterStore(second, prefix);
      expect((await hit(rule, subject, instanceA)).remaining).toBe(2);
      expect((await hit(rule, subject, instanceB)).remaining).toBe(1);
      expect((await hit(rule, subject, instanceA)).allowed).toBe(true);
      expect((await hit(rule, subject, instanceB)).allowed).toBe(false);
      await behavesAsFixedWindow(instanceA);
    } finally {
      first.disconnect();
      second.disconnect();
    }
  });
});
