import { auditContextOf } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import { enforce, RATE_LIMITS } from "../rate-limit";
import type { RequestMeta } from "./actor";
import { burnVerificationTime, verifyPassword } from "./passwords";
import type { Credentials } from "./schemas";
import { sha256 } from "./secrets";
import { recordSecurityWarning } from "./security-events";
import { describeUserAgent } from "./sessions";

/** One answer for unknown login, wrong password, locked and suspended accounts: nothing to enumerate. */
export class SignInFailed extends AppError {
  constructor() {
    super(401, "invalid_credentials", "Sign-in failed", "The e-mail, username or password is wrong.");
  }
}

/*
 * Brute-force defence after OWASP's "device cookies": a browser that signed in successfully
 * before holds a long-lived random cookie (its Device row). Failures are counted per account
 * AND source: each trusted device has its own counter and lock; every other source (other
 * browsers, scripts, POST /auth/token) shares the account's counter and lock. A stranger can
 * therefore lock out strangers, never the owner's own browsers.
 */

// After this many failures in a row a source locks, for 1, 2, 4 ... up to 60 minutes.
const LOCK_AFTER_FAILURES = 5;
const MAX_LOCK_MINUTES = 60;
/** Failures older than this (since the source's last failure) are forgotten. */
export const QUIET_PERIOD_MS = 60 * 60_000;

export function lockMinutes(failures: number): number {
  return failures < LOCK_AFTER_FAILURES ? 0 : Math.min(MAX_LOCK_MINUTES, 2 ** (failures - LOCK_AFTER_FAILURES));
}

type SignInMethod = "PASSWORD" | "TOKEN";
type History = { login: string; method: SignInMethod; ip: string | null; userAgent: string | null };
interface FailureCounter {
  failures: number;
  lastFailureAt: Date | null;
  lockedUntil: Date | null;
}

/**
 * Checks a sign-in attempt (portal or token endpoint): rate limits per IP and per account and
 * source, lockout per source, login history for every attempt. `deviceKey` is the browser's
 * device cookie, if any. A successful portal sign-in (PASSWORD with a key) remembers the browser
 * as a device of the user; the caller then sets that key as the cookie. Returns the user and
 * the device id, or throws SignInFailed / TooManyRequests.
 */
export async function verifyCredentials(input: Credentials, meta: RequestMeta, method: SignInMethod, deviceKey: string | null = null) {
  const login = input.login.toLowerCase();
  // Without a known address there is no per-address budget (one shared bucket would let anyone block everyone).
  if (meta.ip) await enforce(RATE_LIMITS.signInPerIp, meta.ip);

  const user = await db.user.findUnique({ where: login.includes("@") ? { email: login } : { usernameKey: login } });
  const history: History = { login, method, ip: meta.ip, userAgent: meta.userAgent };

  if (!user) {
    await enforce(RATE_LIMITS.signInPerAccount, `login:${login}`);
    await burnVerificationTime(input.password);
    await db.loginEvent.create({ data: { ...history, success: false, reason: "unknown_login" } });
    throw new SignInFailed();
  }
  const device = deviceKey
    ? await db.device.findFirst({ where: { userId: user.id, keyHash: sha256(deviceKey), removedAt: null } })
    : null;
  // Username and e-mail are one account; a trusted device has a budget of its own.
  await enforce(RATE_LIMITS.signInPerAccount, device ? `device:${device.id}` : `account:${user.id}`);

  const counter: FailureCounter = device
    ? { failures: device.failedSignIns, lastFailureAt: device.lastFailedAt, lockedUntil: device.lockedUntil }
    : { failures: user.failedLoginCount, lastFailureAt: user.lastFailedLoginAt, lockedUntil: user.lockedUntil };
  if (counter.lockedUntil && counter.lockedUntil.getTime() > Date.now()) {
    await burnVerificationTime(input.password);
    await db.loginEvent.create({ data: { ...history, userId: user.id, success: false, reason: "locked" } });
    throw new SignInFailed();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordFailure(user.id, device?.id ?? null, counter, history, meta);
    throw new SignInFailed();
  }
  if (user.suspendedAt) {
    await db.loginEvent.create({ data: { ...history, userId: user.id, success: false, reason: "suspended" } });
    throw new SignInFailed();
  }
  const deviceId = await db.$transaction(async (tx) => {
    if (device) {
      await tx.device.update({ where: { id: device.id }, data: { failedSignIns: 0, lastFailedAt: null, lockedUntil: null, lastSeenAt: new Date(), userAgent: meta.userAgent ?? device.userAgent } });
    } else {
      await tx.user.update({ where: { id: user.id }, data: { failedLoginCount: 0, lastFailedLoginAt: null, lockedUntil: null } });
    }
    await tx.loginEvent.create({ data: { ...history, userId: user.id, success: true } });
    if (device) return device.id;
    return method === "PASSWORD" && deviceKey ? rememberDevice(tx, user.id, deviceKey, meta.userAgent) : null;
  });
  return Object.assign(user, { deviceId });
}

/** Failures in a row of one source, forgetting those before a quiet period. */
function nextFailureCount(counter: FailureCounter, now: number): number {
  const quiet = !counter.lastFailureAt || now - counter.lastFailureAt.getTime() > QUIET_PERIOD_MS;
  return (quiet ? 0 : counter.failures) + 1;
}

async function recordFailure(userId: string, deviceId: string | null, counter: FailureCounter, history: History, meta: RequestMeta) {
  const now = Date.now();
  const failures = nextFailureCount(counter, now);
  const minutes = lockMinutes(failures);
  const state = { lastFailedAt: new Date(now), lockedUntil: minutes ? new Date(now + minutes * 60_000) : null };
  await db.$transaction(async (tx) => {
    if (deviceId) {
      await tx.device.update({ where: { id: deviceId }, data: { failedSignIns: failures, ...state } });
    } else {
      await tx.user.update({ where: { id: userId }, data: { failedLoginCount: failures, lastFailedLoginAt: state.lastFailedAt, lockedUntil: state.lockedUntil } });
    }
    await tx.loginEvent.create({ data: { ...history, userId, success: false, reason: minutes ? "wrong_password_locked" : "wrong_password" } });
    if (!deviceId && failures === LOCK_AFTER_FAILURES) {
      await recordSecurityWarning(tx, userId, {
        reason: `Sign-in from unknown sources locked after ${failures} failed attempts in a row (the owner's trusted devices can still sign in).`,
        internalNote: `Last attempt from ${meta.ip ?? "an unknown address"}.`,
      }, auditContextOf(null, "SYSTEM", meta));
    }
  });
}

/**
 * Makes the browser's key a trusted device of the user (after a successful sign-in only). A key
 * that belonged to a removed device starts a new device: the removed row keeps its history
 * but can never match a cookie again.
 */
async function rememberDevice(tx: Tx, userId: string, deviceKey: string, userAgent: string | null): Promise<string> {
  const keyHash = sha256(deviceKey);
  const removed = await tx.device.findFirst({ where: { userId, keyHash, removedAt: { not: null } } });
  if (removed) await tx.device.update({ where: { id: removed.id }, data: { keyHash: `removed:${removed.id}` } });
  const device = await tx.device.create({ data: { userId, keyHash, name: describeUserAgent(userAgent), userAgent } });
  return device.id;
}
