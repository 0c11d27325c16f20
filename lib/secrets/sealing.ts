import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { authSecret, authSecrets } from "./server-secret";

/**
 * Sealing of secrets the server must read back (TOTP secrets, secret links of queued mail), so a
 * copy of the database alone gives none of them away. Every server-side secret at rest goes
 * through here; docs/security.md, "Secrets at rest", says why each choice was made.
 *
 * `v2.<keyId>.<nonce>.<tag>.<ciphertext>` (base64url): AES-256-GCM with a random 96-bit nonce and
 * a 128-bit tag, fixed on both sides so a shortened tag is refused. The key is derived per purpose
 * with HKDF-SHA256 from AUTH_SECRET, and purpose and subject (e.g. the user id) are the additional
 * data: a value copied to another row, or to another use, does not open. The key id names the
 * secret it was sealed with, so the secrets of AUTH_SECRET_PREVIOUS still open older values
 * (rotation) and `needsResealing` tells a caller to seal them again with the current one.
 */
export interface SealingContext {
  /** What the value is, e.g. "totp-secret" or "outbox-secret". */
  purpose: string;
  /** Whom or what it belongs to, e.g. the user id. */
  subject: string;
}

const FORMAT = "v2";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const HKDF_SALT = "pums/secrets-at-rest";
const BASE64URL = /^[A-Za-z0-9_-]*$/;

interface ServerKey {
  /** The first 8 hex characters of the SHA-256 of the master key: names it, gives nothing away. */
  id: string;
  master: Buffer;
}

function serverKey(secret: string): ServerKey {
  const master = Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, "master", KEY_BYTES));
  return { id: createHash("sha256").update(master).digest("hex").slice(0, 8), master };
}

/** The current key first, then those of AUTH_SECRET_PREVIOUS. */
function serverKeys(): ServerKey[] {
  return authSecrets().map(serverKey);
}

/** Separate keys per use and purpose: "seal" keys never serve as "mac" keys, nor one purpose's as another's. */
function purposeKey(key: ServerKey, use: "seal" | "mac", purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", key.master, "", `${use}:${purpose}`, KEY_BYTES));
}

function checked(context: SealingContext): SealingContext {
  if (!context.purpose || !context.subject) throw new Error("Sealing needs a purpose and a subject.");
  return context;
}

/** Unambiguous for any purpose and subject (JSON quotes them). */
function additionalData({ purpose, subject }: SealingContext): Buffer {
  return Buffer.from(JSON.stringify([FORMAT, purpose, subject]), "utf8");
}

/** Encrypts `plaintext` for `purpose` (e.g. "totp-secret", "outbox-secret"), bound to `subject` (e.g. the user id) as AAD. */
export function seal(plaintext: string, context: SealingContext): string {
  checked(context);
  const key = serverKey(authSecret());
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", purposeKey(key, "seal", context.purpose), nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [FORMAT, key.id, nonce.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(
    ".",
  );
}

/** The plaintext, or null when the value was not sealed for this purpose and subject, was tampered with, or its key is gone. */
export function unseal(sealed: string, context: SealingContext): string | null {
  checked(context);
  if (sealed.startsWith(`${LEGACY_FORMAT}:`)) return unsealLegacy(sealed, context);
  const parts = sealed.split(".");
  if (parts.length !== 5 || parts[0] !== FORMAT || !parts.slice(2).every((part) => BASE64URL.test(part))) return null;
  const [, keyId, nonce, tag, ciphertext] = parts as [string, string, string, string, string];
  for (const key of serverKeys().filter((candidate) => candidate.id === keyId)) {
    const opened = decrypt(purposeKey(key, "seal", context.purpose), nonce, tag, ciphertext, additionalData(context));
    if (opened !== null) return opened;
  }
  return null;
}

/** Whether `sealed` was made with a key other than the current one (so the caller may re-seal it). */
export function needsResealing(sealed: string): boolean {
  if (sealed.startsWith(`${LEGACY_FORMAT}:`)) return true;
  const [format, keyId] = sealed.split(".");
  return format === FORMAT && keyId !== currentKeyId();
}

/** The id of the current key: values sealed with it start with `v2.<keyId>.` (to find in bulk those that need resealing). */
export function currentKeyId(): string {
  return serverKey(authSecret()).id;
}

/**
 * HMAC keys for `purpose` (e.g. "recovery-code": hashes that must not be brute-forced from a copy
 * of the database alone), each with its key id, the current one first. A keyed hash cannot be
 * re-keyed without its input, so hashes made with a previous key match only while that key's
 * secret is in AUTH_SECRET_PREVIOUS.
 */
export function macKeys(purpose: string): { id: string; key: Buffer }[] {
  if (!purpose) throw new Error("A MAC key needs a purpose.");
  return serverKeys().map((key) => ({ id: key.id, key: purposeKey(key, "mac", purpose) }));
}

function decrypt(key: Buffer, nonce: string, tag: string, ciphertext: string, aad: Buffer | null): string | null {
  const nonceBytes = Buffer.from(nonce, "base64url");
  const tagBytes = Buffer.from(tag, "base64url");
  if (nonceBytes.length !== NONCE_BYTES || tagBytes.length !== TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, nonceBytes, { authTagLength: TAG_BYTES });
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/*
 * Before v2 only TOTP secrets were sealed: `v1:<iv>:<tag>:<ciphertext>`, AES-256-GCM with the key
 * SHA-256("totp-secret:" + AUTH_SECRET), no additional data and no key id. Such values still open
 * (with the current or a previous secret) for that purpose only, and always need resealing.
 */
const LEGACY_FORMAT = "v1";
const LEGACY_PURPOSES = new Set(["totp-secret"]);

function unsealLegacy(sealed: string, context: SealingContext): string | null {
  const parts = sealed.split(":");
  if (!LEGACY_PURPOSES.has(context.purpose) || parts.length !== 4 || !parts.slice(1).every((part) => BASE64URL.test(part))) return null;
  const [, nonce, tag, ciphertext] = parts as [string, string, string, string];
  for (const secret of authSecrets()) {
    const key = createHash("sha256").update(`${context.purpose}:${secret}`).digest();
    const opened = decrypt(key, nonce, tag, ciphertext, null);
    if (opened !== null) return opened;
  }
  return null;
}
