import { createHmac, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { db, type Tx } from "../db/client";
import { currentKeyId, macKeys, needsResealing, seal, unseal } from "../secrets/sealing";
import { sha256 } from "./secrets";

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps) through the `otpauth` library, and the
 * single-use recovery codes. A code is accepted for the current step and the one before only,
 * and each step once: the last accepted step is stored (`totpLastStep`) and advanced atomically,
 * so a code seen by someone else cannot be replayed.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = "Game Platform";
export const RECOVERY_CODE_COUNT = 10;

export type SecondFactor = "PASSWORD_TOTP" | "RECOVERY_CODE";

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label = "account"): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function otpauthUrl(secretBase32: string, username: string): string {
  return totp(secretBase32, username).toString();
}

/** The code of a secret at a time (tests and the browser tests compute codes this way too). */
export function totpCode(secretBase32: string, timestamp = Date.now()): string {
  return totp(secretBase32).generate({ timestamp });
}

/** The time step `code` belongs to if it is the current or the previous one, else null. */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null || delta > 0) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/*
 * The secret is stored sealed for its user (lib/secrets/sealing.ts), so a copy of the database alone
 * does not give away anyone's codes, and a sealed secret copied to another account does not open.
 */
const TOTP_SEALING = "totp-secret";

export function sealTotpSecret(secretBase32: string, userId: string): string {
  return seal(secretBase32, { purpose: TOTP_SEALING, subject: userId });
}

/** The secret, or null when `stored` is not this user's, was changed, or its key is no longer configured. */
export function openTotpSecret(stored: string, userId: string): string | null {
  return unseal(stored, { purpose: TOTP_SEALING, subject: userId });
}

/** What to store for a secret just opened from `stored`: the same value, or a new seal when it was made with an older key or format. */
export function currentTotpSeal(stored: string, secretBase32: string, userId: string): string {
  return needsResealing(stored) ? sealTotpSecret(secretBase32, userId) : stored;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_GROUPS = 4;
const RECOVERY_GROUP_LENGTH = 4;

/** `xxxx-xxxx-xxxx-xxxx` from 31 unambiguous characters, drawn without bias: about 79 bits. */
function newRecoveryCode(): string {
  const group = () => Array.from({ length: RECOVERY_GROUP_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return Array.from({ length: RECOVERY_GROUPS }, group).join("-");
}

/*
 * A recovery code is stored as `v2.<keyId>.<HMAC-SHA256(key, digest)>`, the key derived from
 * AUTH_SECRET for "recovery-code" (lib/secrets/sealing.ts), the digest SHA-256("recovery:" + the
 * code without dashes, lower case). The digest is what was stored before issue 23, so those rows
 * are re-keyed in place without knowing the codes (`renewTwoFactorSecretsAtRest`); until then
 * they still match as they are. A keyed hash cannot be re-keyed again: codes made with a previous
 * secret work while it is in AUTH_SECRET_PREVIOUS (docs/security.md).
 */
const RECOVERY_MAC = "recovery-code";
const KEYED = "v2.";

function recoveryDigest(code: string): string {
  return sha256(`recovery:${code.trim().toLowerCase().replace(/[\s-]/g, "")}`);
}

function keyedRecoveryHash(digest: string, { id, key }: { id: string; key: Buffer }): string {
  return `${KEYED}${id}.${createHmac("sha256", key).update(digest).digest("hex")}`;
}

/** Every form in which `code` may be stored: keyed with the current or a previous secret, or not yet re-keyed. */
function storedFormsOf(code: string): string[] {
  const digest = recoveryDigest(code);
  return [...macKeys(RECOVERY_MAC).map((key) => keyedRecoveryHash(digest, key)), digest];
}

/** Replaces the user's recovery codes with 10 new ones; returns them (shown once). */
export async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const [current] = macKeys(RECOVERY_MAC);
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({
    data: codes.map((code) => ({ userId, codeHash: keyedRecoveryHash(recoveryDigest(code), current!) })),
  });
  return codes;
}

/** The user's unused recovery codes that can still match: those of a secret no longer configured cannot. */
export async function countUsableRecoveryCodes(userId: string): Promise<number> {
  const keyed = macKeys(RECOVERY_MAC).map(({ id }) => ({ codeHash: { startsWith: `${KEYED}${id}.` } }));
  return db.recoveryCode.count({ where: { userId, usedAt: null, OR: [...keyed, { NOT: { codeHash: { startsWith: KEYED } } }] } });
}

export function looksLikeTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

/**
 * Uses `code` as the second factor of `user`: a TOTP code of the current or previous step not
 * used before, or an unused recovery code (used up now). Returns which it was, or null.
 */
export async function consumeSecondFactor(
  user: { id: string; totpSecret: string | null },
  code: string,
  client: Tx | typeof db = db,
): Promise<SecondFactor | null> {
  const trimmed = code.trim();
  if (looksLikeTotpCode(trimmed)) {
    const stored = user.totpSecret;
    const secret = stored ? openTotpSecret(stored, user.id) : null;
    if (!stored || !secret) return null;
    const step = matchTotpStep(secret, trimmed);
    if (step === null) return null;
    // Only while the secret is the one the code was checked against; an older seal is renewed on the way.
    const advanced = await client.user.updateMany({
      where: { id: user.id, totpSecret: stored, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step, totpSecret: currentTotpSeal(stored, secret, user.id) },
    });
    return advanced.count === 1 ? "PASSWORD_TOTP" : null;
  }
  const used = await client.recoveryCode.updateMany({
    where: { userId: user.id, codeHash: { in: storedFormsOf(trimmed) }, usedAt: null },
    data: { usedAt: new Date() },
  });
  return used.count > 0 ? "RECOVERY_CODE" : null;
}

const RENEWAL_BATCH = 500;

/**
 * Brings the two-factor secrets at rest to the current key, at start-up (scripts/start.ts, where
 * AUTH_SECRET is known): TOTP secrets sealed as v1 or with a previous secret are sealed again, and
 * recovery-code digests stored before issue 23 are re-keyed. Each row changes only if it is still
 * what was read, so instances starting together do no harm. TOTP secrets that open with no
 * configured secret are left as they are and counted.
 */
export async function renewTwoFactorSecretsAtRest() {
  const renewed = { totpSecrets: 0, unreadableTotpSecrets: 0, recoveryCodes: 0 };
  const sealedWithCurrentKey = `v2.${currentKeyId()}.`;
  for (let after = ""; ; ) {
    const users = await db.user.findMany({
      where: { id: { gt: after }, totpSecret: { not: null }, NOT: { totpSecret: { startsWith: sealedWithCurrentKey } } },
      select: { id: true, totpSecret: true },
      orderBy: { id: "asc" },
      take: RENEWAL_BATCH,
    });
    if (users.length === 0) break;
    for (const { id, totpSecret } of users) {
      const secret = openTotpSecret(totpSecret!, id);
      if (!secret) {
        renewed.unreadableTotpSecrets++;
        continue;
      }
      renewed.totpSecrets += (
        await db.user.updateMany({ where: { id, totpSecret }, data: { totpSecret: sealTotpSecret(secret, id) } })
      ).count;
    }
    after = users.at(-1)!.id;
  }
  const [key] = macKeys(RECOVERY_MAC);
  for (let after = ""; ; ) {
    const rows = await db.recoveryCode.findMany({
      where: { id: { gt: after }, NOT: { codeHash: { startsWith: KEYED } } },
      select: { id: true, codeHash: true },
      orderBy: { id: "asc" },
      take: RENEWAL_BATCH,
    });
    if (rows.length === 0) break;
    for (const { id, codeHash } of rows) {
      renewed.recoveryCodes += (
        await db.recoveryCode.updateMany({ where: { id, codeHash }, data: { codeHash: keyedRecoveryHash(codeHash, key!) } })
      ).count;
    }
    after = rows.at(-1)!.id;
  }
  return renewed;
}
