import { auditContextOf } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import type { Device as DeviceRow, User } from "../db/generated/client";
import { AppError } from "../errors";
import { enforce, enforceForAddress, RATE_LIMITS } from "../rate-limit";
import type { RequestMeta } from "./actor";
import { burnVerificationTime, verifyPassword } from "./passwords";
import type { Credentials } from "./schemas";
import { sha256 } from "./secrets";
import { recordSecurityWarning } from "./security-events";
import { describeUserAgent } from "./sessions";
import { consumeSecondFactor, type SecondFactor } from "./two-factor";

/** One answer for unknown login, wrong password, locked and suspended accounts: nothing to enumerate. */
export class SignInFailed extends AppError {
  constructor() {
    super(401, "invalid_credentials", "Sign-in failed", "The e-mail, username or password is wrong.");
  }
}

/** The password was right and the account has two-factor sign-in on: the code is due. */
export class OtpRequired extends AppError {
  constructor() {
    super(
      401,
      "otp_required",
      "Two-factor code required",
      "Send the 6-digit code of your authenticator app (or a recovery code) as `otp`.",
    );
  }
}

/** How long the portal's second sign-in step waits for the code, and how many tries it gets. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_ATTEMPTS = 5;

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
type History = { login: string; method: SignInMethod | SecondFactor; ip: string | null; userAgent: string | null };
type Device = { id: string; failedSignIns: number; lastFailedAt: Date | null; lockedUntil: Date | null; userAgent: string | null };

/** A browser that a successful portal sign-in has just made a trusted device of its user. */
export interface RememberedDevice {
  user: User;
  device: DeviceRow;
  meta: RequestMeta;
  /** The user had no device before, not even a removed one: the account's very first. */
  first: boolean;
}

/**
 * What the caller does about a newly remembered device, in the transaction that creates its row
 * (the portal queues the "new sign-in" mail: lib/account/new-device.ts). Passed in by the caller,
 * so identity never imports the domains above it (docs/architecture.md, "Layers").
 */
export type OnNewDevice = (tx: Tx, remembered: RememberedDevice) => Promise<void>;

/**
 * Checks a sign-in attempt (portal or token endpoint): rate limits per IP and per account and
 * source, lockout per source, the second factor when the account has one, login history for
 * every attempt. `deviceKey` is the browser's device cookie, if any. A successful portal sign-in
 * (PASSWORD with a key) remembers the browser as a device of the user, calling `onNewDevice` in
 * the same transaction when the key was no device yet; the caller then sets that key as the cookie. Without `otp` an account with two-factor sign-in answers OtpRequired; the
 * portal passes a `challengeKey`, which then becomes the key of its second step
 * (`completeTwoFactorSignIn`). Returns the user and the device id, or throws SignInFailed /
 * OtpRequired / TooManyRequests. A wrong or replayed code counts and answers like a wrong password.
 */
export async function verifyCredentials(
  input: Credentials,
  meta: RequestMeta,
  method: SignInMethod,
  deviceKey: string | null = null,
  challengeKey: string | null = null,
  onNewDevice: OnNewDevice | null = null,
) {
  const login = input.login.toLowerCase();
  // Without a known address there is no per-address budget (one shared bucket would let anyone block everyone).
  if (meta.ip) await enforceForAddress(RATE_LIMITS.signInPerIp, meta.ip);

  const found = await db.user.findUnique({ where: login.includes("@") ? { email: login } : { usernameKey: login } });
  // A deleted account's tombstone is no account: the same path, answer and cost as an unknown login.
  const user = found?.deletedAt ? null : found;
  const history: History = { login, method, ip: meta.ip, userAgent: meta.userAgent };

  if (!user) {
    await enforce(RATE_LIMITS.signInPerAccount, `login:${login}`);
    await burnVerificationTime(input.password);
    await db.loginEvent.create({ data: { ...history, success: false, reason: "unknown_login" } });
    throw new SignInFailed();
  }
  const device = await trustedDevice(user.id, deviceKey);
  const lockedUntil = await enforceSourceLimits(user, device);
  if (lockedUntil && lockedUntil.getTime() > Date.now()) {
    await burnVerificationTime(input.password);
    await db.loginEvent.create({ data: { ...history, userId: user.id, success: false, reason: "locked" } });
    throw new SignInFailed();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordFailure(user.id, device?.id ?? null, history, meta, "wrong_password");
    throw new SignInFailed();
  }
  if (user.suspendedAt) {
    await db.loginEvent.create({ data: { ...history, userId: user.id, success: false, reason: "suspended" } });
    throw new SignInFailed();
  }
  if (user.totpEnabledAt) {
    if (!input.otp) {
      await db.$transaction(async (tx) => {
        await tx.loginEvent.create({ data: { ...history, userId: user.id, success: false, reason: "otp_required" } });
        if (challengeKey) {
          await tx.signInChallenge.create({
            data: { userId: user.id, keyHash: sha256(challengeKey), expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) },
          });
        }
      });
      throw new OtpRequired();
    }
    const factor = await consumeSecondFactor(user, input.otp);
    if (!factor) {
      await recordFailure(user.id, device?.id ?? null, history, meta, "wrong_otp");
      throw new SignInFailed();
    }
    if (method === "PASSWORD") history.method = factor;
  }
  return completeSignIn(user, device, history, meta, method === "PASSWORD" ? deviceKey : null, onNewDevice);
}

/**
 * The portal's second step: the key of the challenge that the password step created (its
 * browser cookie) and a TOTP or recovery code. A challenge lives 5 minutes and allows 5 codes;
 * wrong codes also count against the source's lockout like wrong passwords.
 */
export async function completeTwoFactorSignIn(
  challengeKey: string,
  code: string,
  meta: RequestMeta,
  deviceKey: string | null = null,
  onNewDevice: OnNewDevice | null = null,
) {
  if (meta.ip) await enforceForAddress(RATE_LIMITS.signInPerIp, meta.ip);
  const challenge = await db.signInChallenge.findUnique({ where: { keyHash: sha256(challengeKey) }, include: { user: true } });
  if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() <= Date.now() || challenge.attempts >= CHALLENGE_ATTEMPTS) {
    throw new SignInFailed();
  }
  const user = challenge.user;
  const history: History = { login: user.usernameKey, method: "PASSWORD_TOTP", ip: meta.ip, userAgent: meta.userAgent };
  const device = await trustedDevice(user.id, deviceKey);
  const lockedUntil = await enforceSourceLimits(user, device);
  if (user.suspendedAt || !user.totpEnabledAt || (lockedUntil && lockedUntil.getTime() > Date.now())) {
    await db.loginEvent.create({
      data: { ...history, userId: user.id, success: false, reason: user.suspendedAt ? "suspended" : "locked" },
    });
    throw new SignInFailed();
  }
  // Claims one of the challenge's attempts before the code is checked, in one conditional
  // statement, so codes sent at once never get more tries than CHALLENGE_ATTEMPTS.
  const claimed = await db.signInChallenge.updateMany({
    where: { id: challenge.id, usedAt: null, attempts: { lt: CHALLENGE_ATTEMPTS } },
    data: { attempts: { increment: 1 } },
  });
  if (claimed.count === 0) throw new SignInFailed();
  const factor = await consumeSecondFactor(user, code);
  if (!factor) {
    await recordFailure(user.id, device?.id ?? null, history, meta, "wrong_otp");
    throw new SignInFailed();
  }
  const used = await db.signInChallenge.updateMany({ where: { id: challenge.id, usedAt: null }, data: { usedAt: new Date() } });
  if (used.count === 0) throw new SignInFailed();
  return completeSignIn(user, device, { ...history, method: factor }, meta, deviceKey, onNewDevice);
}

async function trustedDevice(userId: string, deviceKey: string | null): Promise<Device | null> {
  return deviceKey ? db.device.findFirst({ where: { userId, keyHash: sha256(deviceKey), removedAt: null } }) : null;
}

/** Username and e-mail are one account; a trusted device has a budget (and failure counter) of its own. Returns the source's lock. */
async function enforceSourceLimits(user: User, device: Device | null): Promise<Date | null> {
  await enforce(RATE_LIMITS.signInPerAccount, device ? `device:${device.id}` : `account:${user.id}`);
  return device ? device.lockedUntil : user.lockedUntil;
}

/** A successful sign-in: resets the source's failures, records it, remembers a new browser (`deviceKey`). */
async function completeSignIn(
  user: User,
  device: Device | null,
  history: History,
  meta: RequestMeta,
  deviceKey: string | null,
  onNewDevice: OnNewDevice | null,
) {
  const deviceId = await db.$transaction(async (tx) => {
    if (device) {
      await tx.device.update({
        where: { id: device.id },
        data: {
          failedSignIns: 0,
          lastFailedAt: null,
          lockedUntil: null,
          lastSeenAt: new Date(),
          userAgent: meta.userAgent ?? device.userAgent,
        },
      });
    } else {
      await tx.user.update({ where: { id: user.id }, data: { failedLoginCount: 0, lastFailedLoginAt: null, lockedUntil: null } });
    }
    await tx.loginEvent.create({ data: { ...history, userId: user.id, success: true } });
    if (device) return device.id;
    return deviceKey ? rememberDevice(tx, user, deviceKey, meta, onNewDevice) : null;
  });
  return Object.assign(user, { deviceId });
}

/**
 * Counts one failure of a source in the database itself (forgetting those before a quiet period)
 * and returns the new count. The conditional reset and the increment lock the row until the
 * transaction ends, so failures sent at once are counted one after another, never lost.
 */
async function countFailure(tx: Tx, userId: string, deviceId: string | null, now: Date): Promise<number> {
  const quietSince = new Date(now.getTime() - QUIET_PERIOD_MS);
  if (deviceId) {
    await tx.device.updateMany({
      where: { id: deviceId, OR: [{ lastFailedAt: null }, { lastFailedAt: { lt: quietSince } }] },
      data: { failedSignIns: 0 },
    });
    const device = await tx.device.update({
      where: { id: deviceId },
      data: { failedSignIns: { increment: 1 }, lastFailedAt: now },
      select: { failedSignIns: true },
    });
    return device.failedSignIns;
  }
  await tx.user.updateMany({
    where: { id: userId, OR: [{ lastFailedLoginAt: null }, { lastFailedLoginAt: { lt: quietSince } }] },
    data: { failedLoginCount: 0 },
  });
  const user = await tx.user.update({
    where: { id: userId },
    data: { failedLoginCount: { increment: 1 }, lastFailedLoginAt: now },
    select: { failedLoginCount: true },
  });
  return user.failedLoginCount;
}

async function recordFailure(
  userId: string,
  deviceId: string | null,
  history: History,
  meta: RequestMeta,
  reason: "wrong_password" | "wrong_otp",
) {
  const now = new Date();
  await db.$transaction(async (tx) => {
    const failures = await countFailure(tx, userId, deviceId, now);
    const minutes = lockMinutes(failures);
    if (minutes) {
      const lockedUntil = new Date(now.getTime() + minutes * 60_000);
      if (deviceId) await tx.device.update({ where: { id: deviceId }, data: { lockedUntil } });
      else await tx.user.update({ where: { id: userId }, data: { lockedUntil } });
    }
    await tx.loginEvent.create({ data: { ...history, userId, success: false, reason: minutes ? `${reason}_locked` : reason } });
    if (!deviceId && failures === LOCK_AFTER_FAILURES) {
      await recordSecurityWarning(
        tx,
        userId,
        {
          reason: `Sign-in from unknown sources locked after ${failures} failed attempts in a row (the owner's trusted devices can still sign in).`,
          internalNote: `Last attempt from ${meta.ip ?? "an unknown address"}.`,
        },
        auditContextOf(null, "SYSTEM", meta),
      );
    }
  });
}

/**
 * Makes the browser's key a trusted device of the user (after a successful sign-in only). A key
 * that belonged to a removed device starts a new device: the removed row keeps its history
 * but can never match a cookie again. `onNewDevice` hears of it in the same transaction.
 */
async function rememberDevice(tx: Tx, user: User, deviceKey: string, meta: RequestMeta, onNewDevice: OnNewDevice | null): Promise<string> {
  const keyHash = sha256(deviceKey);
  const removed = await tx.device.findFirst({ where: { userId: user.id, keyHash, removedAt: { not: null } } });
  if (removed) await tx.device.update({ where: { id: removed.id }, data: { keyHash: `removed:${removed.id}` } });
  const known = await tx.device.count({ where: { userId: user.id } });
  const name = describeUserAgent(meta.userAgent, user.language);
  const device = await tx.device.create({ data: { userId: user.id, keyHash, name, userAgent: meta.userAgent } });
  await onNewDevice?.(tx, { user, device, meta, first: known === 0 });
  return device.id;
}
