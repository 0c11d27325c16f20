import type { Redis } from "ioredis";
import { TooManyRequests } from "../errors";
import { redis } from "../redis";

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
  constructor(private readonly redis: Redis, private readonly prefix = "pums:rl:") {}

  async increment(key: string, windowMs: number) {
    const [count, ttlMs] = (await this.redis.eval(INCREMENT_SCRIPT, 1, this.prefix + key, windowMs)) as [number, number];
    return { count, ttlMs: ttlMs > 0 ? ttlMs : windowMs };
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

let store: CounterStore | undefined;

export function counterStore(): CounterStore {
  if (!store) {
    const shared = redis();
    store = shared ? new RedisCounterStore(shared) : new MemoryCounterStore();
  }
  return store;
}

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

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
  };
}

export const RATE_LIMITS = {
  /** Per client address; raise it (SIGN_IN_LIMIT_PER_IP) where many people share one address. */
  signInPerIp: { name: "sign-in:ip", limit: Number(process.env.SIGN_IN_LIMIT_PER_IP ?? 30), windowSeconds: 15 * 60 },
  /** Per account, whatever the address (SIGN_IN_LIMIT_PER_ACCOUNT; the browser suite, whose demo users sign in dozens of times, raises it). */
  signInPerAccount: { name: "sign-in:account", limit: Number(process.env.SIGN_IN_LIMIT_PER_ACCOUNT ?? 10), windowSeconds: 15 * 60 },
  /** Password confirmations of a signed-in account (lib/auth/password-check.ts). */
  passwordCheckPerAccount: { name: "password-check:account", limit: 10, windowSeconds: 15 * 60 },
  registerPerIp: { name: "register:ip", limit: Number(process.env.REGISTER_LIMIT_PER_IP ?? 10), windowSeconds: 60 * 60 },
  /** Opening verification links: generous for people, useless for guessing 256-bit tokens. */
  verifyEmailPerIp: { name: "verify-email:ip", limit: 30, windowSeconds: 15 * 60 },
  /** "Forgot password": per client address and per e-mail address (known or not, the same). */
  passwordResetPerIp: { name: "password-reset:ip", limit: 10, windowSeconds: 60 * 60 },
  passwordResetPerAddress: { name: "password-reset:address", limit: 3, windowSeconds: 60 * 60 },
  /** Opening reset links: generous for people, useless for guessing 256-bit tokens. */
  passwordResetConfirmPerIp: { name: "password-reset-confirm:ip", limit: 30, windowSeconds: 15 * 60 },
  apiPerCaller: { name: "api", limit: Number(process.env.API_RATE_LIMIT_PER_MINUTE ?? 1200), windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;
