import net from "node:net";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { unique } from "../testing/factories";
import { TooManyRequests } from "../errors";
import {
  hit,
  MemoryCounterStore,
  MemorySlotStore,
  RedisCounterStore,
  RedisSlotStore,
  withSlot,
  type ConcurrencyRule,
  type CounterStore,
  type SlotStore,
} from ".";

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

it("forgets every in-process counter when cleared", async () => {
  const store = new MemoryCounterStore();
  const subject = unique();
  for (let index = 0; index < 3; index++) await hit(rule, subject, store);
  expect((await hit(rule, subject, store)).allowed).toBe(false);
  store.clear();
  expect((await hit(rule, subject, store)).remaining).toBe(2);
});

const slotRule: ConcurrencyRule = { name: "test-slots", limit: 2, retryAfterSeconds: 7, code: "too_many_tests", detail: "Two at a time." };

/** Slots of two stores that share their state (two instances) or of one. */
async function behavesAsSlots(first: SlotStore, second: SlotStore = first) {
  const subject = unique();
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const running = [withSlot(slotRule, subject, () => gate, first), withSlot(slotRule, subject, () => gate, second)];
  await new Promise((resolve) => setTimeout(resolve, 20));
  const refused = await withSlot(slotRule, subject, async () => "ran", second).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(TooManyRequests);
  expect(refused).toMatchObject({ status: 429, code: "too_many_tests", message: "Two at a time.", headers: { "Retry-After": "7" } });
  expect(await withSlot(slotRule, unique(), async () => "another subject", first)).toBe("another subject");
  finish();
  await Promise.all(running);
  // Given back when the work ends, also when it fails.
  await expect(withSlot(slotRule, subject, async () => Promise.reject(new Error("broke")), first)).rejects.toThrow("broke");
  expect(await withSlot(slotRule, subject, async () => "ran", second)).toBe("ran");
  // A slot nobody gives back (its instance died) lapses with its lease; a renewed one does not.
  const [lost, renewed] = [unique(), unique()];
  // Leases of 600 ms, renewed after 400 and looked at after 800: margins of 200 ms or more, which a
  // busy machine's timers still keep (50 ms did not).
  expect(await first.acquire(lost, "a", 1, 600)).toBe(true);
  expect(await second.acquire(lost, "b", 1, 600)).toBe(false);
  expect(await first.acquire(renewed, "a", 1, 600)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 400));
  await first.renew(renewed, "a", 1_000);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(await second.acquire(lost, "b", 1, 600)).toBe(true);
  expect(await second.acquire(renewed, "b", 1, 600)).toBe(false);
}

it("limits concurrent work in process by default", async () => {
  await behavesAsSlots(new MemorySlotStore());
});

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 500 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
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

  it("shares concurrency slots between instances through Redis", async () => {
    const [first, second] = [new Redis(redisUrl), new Redis(redisUrl)];
    try {
      const prefix = `pums-test:${unique()}:`;
      await behavesAsSlots(new RedisSlotStore(first, prefix), new RedisSlotStore(second, prefix));
    } finally {
      first.disconnect();
      second.disconnect();
    }
  });
});
