import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { invalidateCallers } from "../auth/caller-cache";
import { confirmPassword } from "../auth/password-check";
import { assertAcceptablePassword } from "../auth/password-policy";
import { hashPassword } from "../auth/passwords";
import { newSecret, sha256 } from "../auth/secrets";
import { revokeEveryTokenOf } from "../auth/tokens";
import { auditContextOf, recordAudit } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import { RuleViolation, ValidationFailed } from "../errors";
import { MAIL_SECRET } from "../mail/delivery";
import { publicBaseUrl, queueMail, queueSecurityNotice } from "../mail/outbox";
import { enforce, enforceForAddress, RATE_LIMITS } from "../rate-limit";
import type { ChangePasswordInput, PasswordResetConfirmInput } from "./schemas";

export const RESET_TOKEN_TTL_MS = 30 * 60_000;

/**
 * A signed-in user's new password: the current one is checked like every password confirmation
 * (rate limited per address and account), the new one against the policy. The session version
 * goes up, so every other session ends at once, also one that a sign-in with the old password is
 * creating at this moment; the current session moves to the new version and counts as freshly
 * authenticated. Reset links still out are void. Tokens stay: the Security page lists them and
 * offers to revoke them all.
 */
export async function changePassword(actor: Actor, input: ChangePasswordInput, meta: RequestMeta) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId } });
  if (!(await confirmPassword(user, input.currentPassword, meta))) {
    throw new ValidationFailed([{ path: "currentPassword", message: "The password is wrong." }]);
  }
  assertAcceptablePassword(input.newPassword, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  await db.$transaction(async (tx) => {
    const { sessionVersion } = await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { sessionVersion: true },
    });
    const ended = await tx.userSession.updateMany({
      where: { userId: user.id, revokedAt: null, ...(actor.sessionId ? { NOT: { id: actor.sessionId } } : {}) },
      data: { revokedAt: now, revokedReason: "password_changed" },
    });
    if (actor.sessionId) await tx.userSession.update({ where: { id: actor.sessionId }, data: { authenticatedAt: now, sessionVersion } });
    const voided = await voidPasswordProofs(tx, user.id, now);
    await recordAudit(tx, auditContext(actor, meta), {
      action: "user.password_change",
      targetType: "user",
      targetId: user.id,
      changes: { sessions: { before: ended.count, after: 0 }, resetLinks: { before: voided, after: 0 } },
    });
    await queueSecurityNotice(tx, user, "passwordChanged");
  });
  // The ended sessions end on every instance at once, cached callers included.
  await invalidateCallers([user.id]);
}

/**
 * Whatever still rests on the old password: reset links not used yet, and portal sign-ins waiting
 * for their second step (their password step was the old password). Returns the voided links.
 */
async function voidPasswordProofs(tx: Tx, userId: string, now: Date): Promise<number> {
  const links = await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  await tx.signInChallenge.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  return links.count;
}

/**
 * "Forgot password": always the same answer, and it comes before any work on the account, so
 * known and unknown addresses take the same time. The budgets (per client address and per
 * e-mail address) are spent alike for both. `done` settles when the token and mail are written
 * (tests wait for it; the route does not).
 */
export async function requestPasswordReset(email: string, meta: RequestMeta): Promise<{ done: Promise<void> }> {
  if (meta.ip) await enforceForAddress(RATE_LIMITS.passwordResetPerIp, meta.ip);
  await enforce(RATE_LIMITS.passwordResetPerAddress, email);
  const done = issueResetToken(email).catch((error: unknown) => {
    console.error(`Password reset for a requested address failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  return { done };
}

async function issueResetToken(email: string) {
  const user = await db.user.findUnique({ where: { email } });
  if (!user || user.suspendedAt) return;
  const token = newSecret("pmr_");
  await db.$transaction(async (tx) => {
    // A newer link voids the older ones.
    await tx.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: new Date() } });
    const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
    await tx.passwordResetToken.create({ data: { userId: user.id, tokenHash: sha256(token), expiresAt } });
    await queueMail(tx, {
      to: user.email,
      language: user.language,
      template: "passwordReset",
      // PUBLIC_URL, never the request's Host: a forged Host must not put its own domain into the link.
      data: {
        name: user.displayName,
        link: `${publicBaseUrl()}/reset-password?token=${MAIL_SECRET}`,
        minutes: RESET_TOKEN_TTL_MS / 60_000,
      },
      secret: { value: token, expiresAt },
    });
  });
}

const INVALID_LINK = "This reset link is invalid, used or expired. Ask for a new one.";

/**
 * Sets the new password with a reset token (single use, 30 minutes; of two requests at once only
 * one claims it) and ends every session and revokes every token of the account: whoever could
 * sign in or call the API before the reset cannot after it.
 */
export async function confirmPasswordReset(input: PasswordResetConfirmInput, meta: RequestMeta) {
  if (meta.ip) await enforceForAddress(RATE_LIMITS.passwordResetConfirmPerIp, meta.ip);
  const row = await db.passwordResetToken.findUnique({ where: { tokenHash: sha256(input.token) }, include: { user: true } });
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now() || row.user.suspendedAt)
    throw new RuleViolation(INVALID_LINK, "invalid_token");
  assertAcceptablePassword(input.newPassword, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction(async (tx) => {
    const now = new Date();
    const used = await tx.passwordResetToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (used.count === 0) throw new RuleViolation(INVALID_LINK, "invalid_token");
    // The user's row first: a token being minted at this moment holds it (lib/account/tokens.ts), so it is revoked below or refused.
    await tx.user.update({
      where: { id: row.userId },
      // A new password is a fresh start for the lockout of unknown sources too.
      data: { passwordHash, sessionVersion: { increment: 1 }, failedLoginCount: 0, lastFailedLoginAt: null, lockedUntil: null },
    });
    const ended = await tx.userSession.updateMany({
      where: { userId: row.userId, revokedAt: null },
      data: { revokedAt: now, revokedReason: "password_reset" },
    });
    const audit = auditContextOf(row.userId, "SYSTEM", meta);
    const revoked = await revokeEveryTokenOf(tx, row.userId, audit, "password_reset");
    await voidPasswordProofs(tx, row.userId, now);
    await recordAudit(tx, audit, {
      action: "user.password_reset",
      targetType: "user",
      targetId: row.userId,
      changes: { sessions: { before: ended.count, after: 0 }, tokens: { before: revoked, after: 0 } },
    });
    await queueSecurityNotice(tx, await tx.user.findUniqueOrThrow({ where: { id: row.userId } }), "passwordChanged");
  });
  await invalidateCallers([row.userId]);
}
