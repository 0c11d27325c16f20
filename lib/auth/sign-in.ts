import { auditContextOf } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import type { User } from "../db/generated/client";
import { AppError } from "../errors";
import { publicBaseUrl, queueMail } from "../mail/outbox";
import { enforce, enforceForAddress, RATE_LIMITS } from "../rate-limit";
import type { RequestMeta } from "./actor";
import { burnVerificationTime, verifyPassword } from "./passwords";
import type { Credentials } from "./schemas";
import { sha256 } from "./secrets";
import { recordSecurityWarning } from "./security-events";
import { describeUserAgent } from "./sessions";
import { useSecondFactor, type SecondFactor } from "./two-factor";

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
interface FailureCounter {
  failures: number;
  lastFailureAt: Date | null;
  lockedUntil: Date | null;
}

/**
 * Checks a sign-in attempt (portal or token endpoint): rate limits per IP and per account and
 * source, lockout per source, the second factor when the account has one, login history for
 * every attempt. `deviceKey` is the browser's device cookie, if any. A successful portal sign-in
 * (PASSWORD with a key) remembers the browser as a device of the user; the caller then sets that
 * key as the cookie. Without `otp` an account with two-factor sign-in answers OtpRequired; the
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
) {
  const login = input.login.toLowerCase();
  // Without a known address there is no per-address budget (one shared bucket would let anyone block everyone).
  if (meta.ip) await enforceForAddress(RATE_LIMITS.signInPerIp, meta.ip);

  const user = await db.user.findUnique({ where: login.includes("@") ? { email: login } : { usernameKey: login } });
  const history: History = { login, method, ip: meta.ip, userAgent: meta.userAgent };

  if (!user) {
    await enforce(RATE_LIMITS.signInPerAccount, `login:${login}`);
    await burnVerificationTime(input.password);
    await db.loginEvent.create({ data: { ...history, success: false, reason: "unknown_login" } });
    throw new SignInFailed();
  }
  const device = await trustedDevice(user.id, deviceKey);
  const counter = await enforceSourceLimits(user, device);
  if (counter.lockedUntil && counter.lockedUntil.getTime() > Date.now()) {
    await burnVerificationTime(input.password);
    await db.loginEvent.create({ data: { ...history, userId: user.id, success: false, reason: "locked" } });
    throw new SignInFailed();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordFailure(user.id, device?.id ?? null, counter, history, meta, "wrong_password");
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
    const factor = await useSecondFactor(user, input.otp);
    if (!factor) {
      await recordFailure(user.id, device?.id ?? null, counter, history, meta, "wrong_otp");
      throw new SignInFailed();
    }
    if (method === "PASSWORD") history.method = factor;
  }
  return completeSignIn(user, device, history, meta, method === "PASSWORD" ? deviceKey : null);
}

/**
 * The portal's second step: the key of the challenge that the password step created (its
 * browser cookie) and a TOTP or recovery code. A challenge lives 5 minutes and allows 5 codes;
 * wrong codes also count against the source's lockout like wrong passwords.
 */
export async function completeTwoFactorSignIn(challengeKey: string, code: string, meta: RequestMeta, deviceKey: string | null = null) {
  if (meta.ip) await enforceForAddress(RATE_LIMITS.signInPerIp, meta.ip);
  const challenge = await db.signInChallenge.findUnique({ where: { keyHash: sha256(challengeKey) }, include: { user: true } });
  if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() <= Date.now() || challenge.attempts >= CHALLENGE_ATTEMPTS) {
    throw new SignInFailed();
  }
  const user = challenge.user;
  const history: History = { login: user.usernameKey, method: "PASSWORD_TOTP", ip: meta.ip, userAgent: meta.userAgent };
  const device = await trustedDevice(user.id, deviceKey);
  const counter = await enforceSourceLimits(user, device);
  if (user.suspendedAt || !user.totpEnabledAt || (counter.lockedUntil && counter.lockedUntil.getTime() > Date.now())) {
    await db.loginEvent.create({
      data: { ...history, userId: user.id, success: false, reason: user.suspendedAt ? "suspended" : "locked" },
    });
    throw new SignInFailed();
  }
  const factor = await useSecondFactor(user, code);
  if (!factor) {
    await db.signInChallenge.update({ where: { id: challenge.id }, data: { attempts: { increment: 1 } } });
    await recordFailure(user.id, device?.id ?? null, counter, history, meta, "wrong_otp");
    throw new SignInFailed();
  }
  const used = await db.signInChallenge.updateMany({ where: { id: challenge.id, usedAt: null }, data: { usedAt: new Date() } });
  if (used.count === 0) throw new SignInFailed();
  return completeSignIn(user, device, { ...history, method: factor }, meta, deviceKey);
}

async function trustedDevice(userId: string, deviceKey: string | null): Promise<Device | null> {
  return deviceKey ? db.device.findFirst({ where: { userId, keyHash: sha256(deviceKey), removedAt: null } }) : null;
}

/** Username and e-mail are one account; a trusted device has a budget (and failure counter) of its own. */
async function enforceSourceLimits(user: User, device: Device | null): Promise<FailureCounter> {
  await enforce(RATE_LIMITS.signInPerAccount, device ? `device:${device.id}` : `account:${user.id}`);
  return device
    ? { failures: device.failedSignIns, lastFailureAt: device.lastFailedAt, lockedUntil: device.lockedUntil }
    : { failures: user.failedLoginCount, lastFailureAt: user.lastFailedLoginAt, lockedUntil: user.lockedUntil };
}

/** A successful sign-in: resets the source's failures, records it, remembers a new browser (`deviceKey`). */
async function completeSignIn(user: User, device: Device | null, history: History, meta: RequestMeta, deviceKey: string | null) {
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
    return deviceKey ? rememberDevice(tx, user, deviceKey, meta) : null;
  });
  return Object.assign(user, { deviceId });
}

/** Failures in a row of one source, forgetting those before a quiet period. */
function nextFailureCount(counter: FailureCounter, now: number): number {
  const quiet = !counter.lastFailureAt || now - counter.lastFailureAt.getTime() > QUIET_PERIOD_MS;
  return (quiet ? 0 : counter.failures) + 1;
}

async function recordFailure(
  userId: string,
  deviceId: string | null,
  counter: FailureCounter,
  history: History,
  meta: RequestMeta,
  reason: "wrong_password" | "wrong_otp",
) {
  const now = Date.now();
  const failures = nextFailureCount(counter, now);
  const minutes = lockMinutes(failures);
  const state = { lastFailedAt: new Date(now), lockedUntil: minutes ? new Date(now + minutes * 60_000) : null };
  await db.$transaction(async (tx) => {
    if (deviceId) {
      await tx.device.update({ where: { id: deviceId }, data: { failedSignIns: failures, ...state } });
    } else {
      await tx.user.update({
        where: { id: userId },
        data: { failedLoginCount: failures, lastFailedLoginAt: state.lastFailedAt, lockedUntil: state.lockedUntil },
      });
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
 * but can never match a cookie again. A user who had devices before gets a "new sign-in" mail.
 */
async function rememberDevice(tx: Tx, user: User, deviceKey: string, meta: RequestMeta): Promise<string> {
  const keyHash = sha256(deviceKey);
  const removed = await tx.device.findFirst({ where: { userId: user.id, keyHash, removedAt: { not: null } } });
  if (removed) await tx.device.update({ where: { id: removed.id }, data: { keyHash: `removed:${removed.id}` } });
  const known = await tx.device.count({ where: { userId: user.id } });
  const name = describeUserAgent(meta.userAgent, user.language);
  const device = await tx.device.create({ data: { userId: user.id, keyHash, name, userAgent: meta.userAgent } });
  if (known > 0) {
    await queueMail(tx, {
      to: user.email,
      language: user.language,
      template: "newDevice",
      data: {
        name: user.displayName,
        device: name,
        ip: meta.ip,
        at: device.firstSeenAt.toISOString().slice(0, 16).replace("T", " "),
        link: `${publicBaseUrl()}/account/security`,
      },
    });
  }
  return device.id;
}
