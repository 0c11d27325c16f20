import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { TooManyRequests } from "../errors";
import { redis } from "../redis";
import { clientNetwork } from "../request/client-ip";

/**
 * Fixed-window counters. In-process by default; shared by every instance through Redis when
 * REDIS_URL is set.
 */

export interface RateLimitRule {
  /** Names the counter family, e.g. "sign-in:ip". */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface CounterStore {
  /** Adds one to the counter and returns its new value and the milliseconds left in its window. */
  increment(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  reset(key: string): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; expiresAt: number }>();
  private lastSweep = Date.now();

  async increment(key: string, windowMs: number) {
    const now = Date.now();
    this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.expiresAt <= now) {
      this.windows.set(key, { count: 1, expiresAt: now + windowMs });
      return { count: 1, ttlMs: windowMs };
    }
    current.count += 1;
    return { count: current.count, ttlMs: current.expiresAt - now };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  /** Forgets every counter (tests: each file starts from none, as a fresh process would; lib/testing/setup.ts). */
  clear() {
    this.windows.clear();
  }

  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.expiresAt <= now) this.windows.delete(key);
  }
}

// INCR and set the expiry on first use, atomically.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`;

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "pums:rl:",
  ) {}

  async increment(key: string, windowMs: number) {
    const [count, ttlMs] = (await this.redis.eval(INCREMENT_SCRIPT, 1, this.prefix + key, windowMs)) as [number, number];
    return { count, ttlMs: ttlMs > 0 ? ttlMs : windowMs };
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

/**
 * A store made on first use: in Redis, shared by every instance, when REDIS_URL is set; in this
 * process otherwise.
 */
function storeOnFirstUse<Store>(inRedis: (connection: Redis) => Store, inProcess: () => Store): () => Store {
  let store: Store | undefined;
  return () => {
    if (!store) {
      const shared = redis();
      store = shared ? inRedis(shared) : inProcess();
    }
    return store;
  };
}

export const counterStore = storeOnFirstUse<CounterStore>(
  (connection) => new RedisCounterStore(connection),
  () => new MemoryCounterStore(),
);

export async function hit(rule: RateLimitRule, subject: string, counters = counterStore()): Promise<RateLimitState> {
  const { count, ttlMs } = await counters.increment(`${rule.name}:${subject}`, rule.windowSeconds * 1000);
  return {
    allowed: count <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
  };
}

/** Counts one request and throws 429 (with Retry-After) when the rule's budget is spent. */
export async function enforce(rule: RateLimitRule, subject: string): Promise<RateLimitState> {
  const state = await hit(rule, subject);
  if (!state.allowed) throw new TooManyRequests(state.resetSeconds);
  return state;
}

/**
 * The one way to count a request against a per-address budget: the address counts as the network
 * it stands for (an IPv6 address as its /64, which one subscriber owns and picks addresses from at
 * will; an IPv4 address as itself), so rotating addresses within a /64 spends one budget.
 * lib/rate-limit/address-limits.test.ts checks that no per-address limit calls `enforce` itself.
 */
export async function enforceForAddress(rule: RateLimitRule, address: string): Promise<RateLimitState> {
  return enforce(rule, `ip:${clientNetwork(address)}`);
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
  };
}

/**
 * Concurrency limits: at most `limit` operations of one subject at a time (uploads of a user).
 * Each running operation holds a slot, a lease renewed while it runs and given back when it ends;
 * a slot of an instance that died mid-operation lapses after SLOT_LEASE_MS. In-process by default;
 * shared by every instance through Redis when REDIS_URL is set.
 */
export interface ConcurrencyRule {
  /** Names the slot family, e.g. "uploads:user". */
  name: string;
  limit: number;
  /** What a refused caller is told to wait (Retry-After). */
  retryAfterSeconds: number;
  /** The refusal's problem code and detail (429). */
  code: string;
  detail: string;
}

export interface SlotStore {
  /** Takes a slot named `slot` of `key` for `leaseMs` unless `limit` unexpired slots are held; whether it did. */
  acquire(key: string, slot: string, limit: number, leaseMs: number): Promise<boolean>;
  /** Extends a held slot's lease. */
  renew(key: string, slot: string, leaseMs: number): Promise<void>;
  release(key: string, slot: string): Promise<void>;
}

export const SLOT_LEASE_MS = 60_000;

export class MemorySlotStore implements SlotStore {
  private readonly held = new Map<string, Map<string, number>>();

  async acquire(key: string, slot: string, limit: number, leaseMs: number) {
    const now = Date.now();
    const slots = this.held.get(key) ?? new Map<string, number>();
    for (const [name, expiresAt] of slots) if (expiresAt <= now) slots.delete(name);
    if (slots.size >= limit) return false;
    slots.set(slot, now + leaseMs);
    this.held.set(key, slots);
    return true;
  }

  async renew(key: string, slot: string, leaseMs: number) {
    const slots = this.held.get(key);
    if (slots?.has(slot)) slots.set(slot, Date.now() + leaseMs);
  }

  async release(key: string, slot: string) {
    const slots = this.held.get(key);
    slots?.delete(slot);
    if (slots?.size === 0) this.held.delete(key);
  }
}

// A sorted set per key: slot names scored by when their lease ends (the server's clock, so the
// instances' clocks do not matter). Lapsed slots are dropped before counting, atomically.
const ACQUIRE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;
const RENEW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;

export class RedisSlotStore implements SlotStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "pums:slots:",
  ) {}

  async acquire(key: string, slot: string, limit: number, leaseMs: number) {
    return (await this.redis.eval(ACQUIRE_SCRIPT, 1, this.prefix + key, slot, limit, leaseMs)) === 1;
  }

  async renew(key: string, slot: string, leaseMs: number) {
    await this.redis.eval(RENEW_SCRIPT, 1, this.prefix + key, slot, leaseMs);
  }

  async release(key: string, slot: string) {
    await this.redis.zrem(this.prefix + key, slot);
  }
}

export const slotStore = storeOnFirstUse<SlotStore>(
  (connection) => new RedisSlotStore(connection),
  () => new MemorySlotStore(),
);

/**
 * Runs `work` holding one of the rule's slots for `subject`: 429 (Retry-After) when all are taken.
 * The lease is renewed while `work` runs and the slot given back when it ends, however it ends.
 */
export async function withSlot<T>(rule: ConcurrencyRule, subject: string, work: () => Promise<T>, store = slotStore()): Promise<T> {
  const key = `${rule.name}:${subject}`;
  const slot = randomUUID();
  if (!(await store.acquire(key, slot, rule.limit, SLOT_LEASE_MS)))
    throw new TooManyRequests(rule.retryAfterSeconds, rule.code, rule.detail);
  const renewal = setInterval(() => {
    store
      .renew(key, slot, SLOT_LEASE_MS)
      .catch((error: unknown) => console.error(`slots: could not renew a ${rule.name} slot (${(error as Error).message})`));
  }, SLOT_LEASE_MS / 3);
  renewal.unref();
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    // Not given back (Redis away), the slot lapses with its lease.
    await store
      .release(key, slot)
      .catch((error: unknown) => console.error(`slots: could not release a ${rule.name} slot (${(error as Error).message})`));
  }
}

export const RATE_LIMITS = {
  /** Per client address (enforceForAddress); raise it (SIGN_IN_LIMIT_PER_IP) where many people share one address. */
  signInPerIp: { name: "sign-in:ip", limit: Number(process.env.SIGN_IN_LIMIT_PER_IP ?? 30), windowSeconds: 15 * 60 },
  /** Per account, whatever the address (SIGN_IN_LIMIT_PER_ACCOUNT; the browser suite, whose demo users sign in dozens of times, raises it). */
  signInPerAccount: { name: "sign-in:account", limit: Number(process.env.SIGN_IN_LIMIT_PER_ACCOUNT ?? 10), windowSeconds: 15 * 60 },
  /** Password confirmations of a signed-in account (lib/auth/password-check.ts). */
  passwordCheckPerAccount: { name: "password-check:account", limit: 10, windowSeconds: 15 * 60 },
  /** Data exports (GET /users/me/export): each reads every row held about the account. */
  dataExportPerAccount: { name: "data-export:account", limit: 5, windowSeconds: 60 * 60 },
  registerPerIp: { name: "register:ip", limit: Number(process.env.REGISTER_LIMIT_PER_IP ?? 10), windowSeconds: 60 * 60 },
  /** Opening verification links: generous for people, useless for guessing 256-bit tokens. */
  verifyEmailPerIp: { name: "verify-email:ip", limit: 30, windowSeconds: 15 * 60 },
  /** Sending the verification link again: per client address, and per account or e-mail address (known or not, the same). */
  verifyEmailResendPerIp: { name: "verify-email-resend:ip", limit: 10, windowSeconds: 60 * 60 },
  verifyEmailResendPerAccount: { name: "verify-email-resend:account", limit: 3, windowSeconds: 60 * 60 },
  /** "Forgot password": per client address and per e-mail address (known or not, the same). */
  passwordResetPerIp: { name: "password-reset:ip", limit: 10, windowSeconds: 60 * 60 },
  passwordResetPerAddress: { name: "password-reset:address", limit: 3, windowSeconds: 60 * 60 },
  /** Opening reset links: generous for people, useless for guessing 256-bit tokens. */
  passwordResetConfirmPerIp: { name: "password-reset-confirm:ip", limit: 30, windowSeconds: 15 * 60 },
  /** Starting a device sign-in (POST /auth/device): a launcher starts one per sign-in. */
  deviceStartPerIp: { name: "device-start:ip", limit: 30, windowSeconds: 15 * 60 },
  /**
   * Looking up a device sign-in's user code (the /device page, approve, deny): per user and per
   * address, so guessing one of 20^8 codes stays hopeless (docs/security.md, "Device sign-in").
   */
  deviceCodePerUser: { name: "device-code:user", limit: 10, windowSeconds: 15 * 60 },
  deviceCodePerIp: { name: "device-code:ip", limit: 30, windowSeconds: 15 * 60 },
  apiPerCaller: { name: "api", limit: Number(process.env.API_RATE_LIMIT_PER_MINUTE ?? 1200), windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;
