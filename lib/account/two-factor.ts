import QRCode from "qrcode";
import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { confirmPassword } from "../auth/password-check";
import {
  countUsableRecoveryCodes,
  currentTotpSeal,
  matchTotpStep,
  newTotpSecret,
  openTotpSecret,
  otpauthUrl,
  replaceRecoveryCodes,
  sealTotpSecret,
  consumeSecondFactor,
} from "../auth/two-factor";
import { recordAudit } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import type { User } from "../db/generated/client";
import { Conflict, Forbidden, RuleViolation, ValidationFailed } from "../errors";
import { publicBaseUrl, queueMail, queueSecurityNotice } from "../mail/outbox";
import { canResetTwoFactorOf, hasPlatformPermission } from "../permissions";
import { assertRecentAuthentication, isRecentlyAuthenticated } from "./reauthentication";
import type { ConfirmTwoFactorInput } from "./schemas";
import { liveUser } from "../users/live";

/** Two-factor sign-in of the caller's own account, and the staff reset (DESIGN 8.1). */

export async function twoFactorStatus(userId: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpEnabledAt: true } });
  const recoveryCodesLeft = user.totpEnabledAt ? await countUsableRecoveryCodes(userId) : 0;
  return { enabled: user.totpEnabledAt !== null, enabledAt: user.totpEnabledAt?.toISOString() ?? null, recoveryCodesLeft };
}

/** A new secret, stored but not active until `enableTwoFactor` sees a code of it. */
export async function setupTwoFactor(actor: Actor) {
  await assertRecentAuthentication(actor);
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId } });
  if (user.totpEnabledAt) throw new Conflict("Two-factor sign-in is already on. Turn it off first to use a new app.", "two_factor_enabled");
  const secret = newTotpSecret();
  await db.user.update({ where: { id: user.id }, data: { totpSecret: sealTotpSecret(secret, user.id), totpLastStep: null } });
  return { secret, otpauthUrl: otpauthUrl(secret, user.username) };
}

/** Turns two-factor sign-in on with a code of the new secret; returns the 10 recovery codes (shown once). */
export async function enableTwoFactor(actor: Actor, code: string, meta: RequestMeta) {
  await assertRecentAuthentication(actor);
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId } });
  if (user.totpEnabledAt) throw new Conflict("Two-factor sign-in is already on.", "two_factor_enabled");
  // A set-up whose secret no longer opens (its key was retired) is as good as none.
  const secret = user.totpSecret ? openTotpSecret(user.totpSecret, user.id) : null;
  if (!user.totpSecret || !secret)
    throw new RuleViolation("Set up two-factor sign-in first (POST /users/me/2fa/setup).", "two_factor_setup_required");
  const step = matchTotpStep(secret, code);
  if (step === null)
    throw new ValidationFailed([{ path: "code", message: "The code is wrong or expired. Enter the current code of your app." }]);
  const stored = user.totpSecret;
  const recoveryCodes = await db.$transaction(async (tx) => {
    const enabled = await tx.user.updateMany({
      where: { id: user.id, totpEnabledAt: null, totpSecret: stored },
      data: { totpEnabledAt: new Date(), totpLastStep: step, totpSecret: currentTotpSeal(stored, secret, user.id) },
    });
    if (enabled.count === 0) throw new Conflict("Two-factor sign-in changed meanwhile. Reload and try again.", "two_factor_changed");
    await recordAudit(tx, auditContext(actor, meta), { action: "user.2fa_enable", targetType: "user", targetId: user.id });
    return replaceRecoveryCodes(tx, user.id);
  });
  return { recoveryCodes };
}

/** The password and a current code (or an unused recovery code) of an account with 2FA on. */
async function confirmBothFactors(actor: Actor, input: ConfirmTwoFactorInput, meta: RequestMeta): Promise<User> {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId } });
  if (!user.totpEnabledAt) throw new RuleViolation("Two-factor sign-in is off.", "two_factor_disabled");
  if (!(await confirmPassword(user, input.password, meta)))
    throw new ValidationFailed([{ path: "password", message: "The password is wrong." }]);
  if (!(await consumeSecondFactor(user, input.code))) {
    throw new ValidationFailed([{ path: "code", message: "The code is wrong, expired or used already." }]);
  }
  return user;
}

export async function disableTwoFactor(actor: Actor, input: ConfirmTwoFactorInput, meta: RequestMeta) {
  const user = await confirmBothFactors(actor, input, meta);
  await db.$transaction(async (tx) => {
    await turnOff(tx, user.id);
    await recordAudit(tx, auditContext(actor, meta), { action: "user.2fa_disable", targetType: "user", targetId: user.id });
    await queueSecurityNotice(tx, user, "twoFactorDisabled");
  });
}

export async function regenerateRecoveryCodes(actor: Actor, input: ConfirmTwoFactorInput, meta: RequestMeta) {
  const user = await confirmBothFactors(actor, input, meta);
  const recoveryCodes = await db.$transaction(async (tx) => {
    await recordAudit(tx, auditContext(actor, meta), { action: "user.2fa_recovery_codes", targetType: "user", targetId: user.id });
    return replaceRecoveryCodes(tx, user.id);
  });
  return { recoveryCodes };
}

async function turnOff(tx: Tx, userId: string) {
  await tx.user.update({ where: { id: userId }, data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null } });
  await tx.recoveryCode.deleteMany({ where: { userId } });
}

/**
 * Staff turn off a user's two-factor sign-in (the user lost the app and the codes): users.manage
 * above the target's rank. Writes a security warning and mails the user.
 */
export async function resetTwoFactorByStaff(actor: Actor, targetId: string, meta: RequestMeta) {
  const target = await liveUser(targetId);
  if (!hasPlatformPermission(actor, "users.manage")) throw new Forbidden("Resetting two-factor sign-in needs the users.manage permission.");
  if (!canResetTwoFactorOf(actor, target)) throw new Forbidden("You can only reset the two-factor sign-in of users who rank below you.");
  if (!target.totpEnabledAt) throw new RuleViolation("This account has no two-factor sign-in to reset.", "two_factor_disabled");
  await db.$transaction(async (tx) => {
    await turnOff(tx, target.id);
    const audit = auditContext(actor, meta);
    await recordAudit(tx, audit, { action: "user.2fa_reset", targetType: "user", targetId: target.id });
    const warning = await tx.warning.create({
      data: {
        userId: target.id,
        kind: "SECURITY_EVENT",
        severity: "MEDIUM",
        reason: "Two-factor sign-in was reset by the platform team.",
        internalNote: `Reset by @${actor.username}${meta.ip ? ` from ${meta.ip}` : ""}.`,
      },
    });
    await recordAudit(
      tx,
      { ...audit, actorId: null, via: "SYSTEM" },
      { action: "warning.create", targetType: "warning", targetId: warning.id },
    );
    await queueMail(tx, {
      to: target.email,
      language: target.language,
      template: "twoFactorReset",
      data: { name: target.displayName, link: `${publicBaseUrl()}/account/security` },
    });
  });
}

/**
 * A setup started but not yet enabled: its secret, URL and QR code (an SVG rendered here on the
 * server, no outside service). Only through `twoFactorPanel`, which asks for a recent password.
 */
async function pendingTwoFactorSetup(userId: string) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { username: true, totpSecret: true, totpEnabledAt: true },
  });
  const secret = user.totpSecret && !user.totpEnabledAt ? openTotpSecret(user.totpSecret, userId) : null;
  if (!secret) return null;
  const url = otpauthUrl(secret, user.username);
  return { secret, otpauthUrl: url, qrSvg: await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
}

/**
 * What the Security page's two-factor panel shows. A pending set-up's secret is opened, and its URL
 * and QR code made, only for a caller who confirmed the password recently, as setting up asks:
 * whatever the page gets reaches the browser in the RSC payload, even parts it does not render.
 */
export async function twoFactorPanel(actor: Actor) {
  const [status, recent] = await Promise.all([twoFactorStatus(actor.userId), isRecentlyAuthenticated(actor)]);
  return { status, recent, pending: recent ? await pendingTwoFactorSetup(actor.userId) : null };
}
