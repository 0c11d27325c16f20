import { recordAudit, SYSTEM } from "../audit/record";
import { db } from "../db/client";
import { AppError } from "../errors";
import { enforce, RATE_LIMITS } from "../rate-limit";
import type { RequestMeta } from "./actor";
import { burnVerificationTime, verifyPassword } from "./passwords";
import type { Credentials } from "./schemas";


/** One answer for unknown login, wrong password, locked and suspended accounts: nothing to enumerate. */
export class SignInFailed extends AppError {
  constructor() {
    super(401, "invalid_credentials", "Sign-in failed", "The e-mail, username or password is wrong.");
  }
}

// After this many failures in a row the account locks, for 1, 2, 4 ... up to 60 minutes.
const LOCK_AFTER_FAILURES = 5;
const MAX_LOCK_MINUTES = 60;

export function lockMinutes(failures: number): number {
  return failures < LOCK_AFTER_FAILURES ? 0 : Math.min(MAX_LOCK_MINUTES, 2 ** (failures - LOCK_AFTER_FAILURES));
}

/**
 * Checks a sign-in attempt (portal or token endpoint): rate limits per IP and per account,
 * lockout with growing delays, login history for every attempt. Returns the user or throws
 * SignInFailed / TooManyRequests.
 */
export async function verifyCredentials(input: Credentials, meta: RequestMeta, method: "PASSWORD" | "TOKEN") {
  const login = input.login.toLowerCase();
  await enforce(RATE_LIMITS.signInPerIp, meta.ip ?? "unknown");
  await enforce(RATE_LIMITS.signInPerAccount, login);

  const user = await db.user.findUnique({ where: login.includes("@") ? { email: login } : { usernameKey: login } });
  const history = { login, method, ip: meta.ip, userAgent: meta.userAgent } as const;

  if (!user) {
    await burnVerificationTime(input.password);
    await db.loginEvent.create({ data: { ...history, success: false, reason: "unknown_login" } });
    throw new SignInFailed();
  }
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    await burnVerificationTime(input.password);
    await db.loginEvent.create({ data: { ...history, userId: user.id, success: false, reason: "locked" } });
    throw new SignInFailed();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordFailure(user.id, user.failedLoginCount + 1, history, meta);
    throw new SignInFailed();
  }
  if (user.suspendedAt) {
    await db.loginEvent.create({ data: { ...history, userId: user.id, success: false, reason: "suspended" } });
    throw new SignInFailed();
  }
  await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { failedLoginCount: 0, lockedUntil: null } }),
    db.loginEvent.create({ data: { ...history, userId: user.id, success: true } }),
  ]);
  return user;
}

async function recordFailure(
  userId: string,
  failures: number,
  history: { login: string; method: "PASSWORD" | "TOKEN"; ip: string | null; userAgent: string | null },
  meta: RequestMeta,
) {
  const minutes = lockMinutes(failures);
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: { failedLoginCount: failures, lockedUntil: minutes ? new Date(Date.now() + minutes * 60_000) : null },
    });
    await tx.loginEvent.create({ data: { ...history, userId, success: false, reason: minutes ? "wrong_password_locked" : "wrong_password" } });
    if (failures === LOCK_AFTER_FAILURES) {
      const warning = await tx.warning.create({
        data: {
          userId,
          kind: "SECURITY_EVENT",
          severity: "MEDIUM",
          reason: `Account locked after ${failures} failed sign-ins in a row.`,
          internalNote: `Last attempt from ${meta.ip ?? "an unknown address"}.`,
        },
      });
      await recordAudit(tx, { ...SYSTEM, ip: meta.ip, requestId: meta.requestId }, { action: "warning.create", targetType: "warning", targetId: warning.id });
    }
  });
}
