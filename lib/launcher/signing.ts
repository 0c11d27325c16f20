import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import canonicalize from "canonicalize";

/**
 * The manifest's signing keys (docs/launcher.md, "Signing"). LAUNCHER_SIGNING_KEY holds the
 * current Ed25519 private key: base64 of its PKCS#8 DER (what `generateSigningKey` writes and
 * `openssl genpkey -algorithm ed25519 -outform DER | base64 -w0` gives), or the PEM of it.
 * `npm start` generates one into DATA_DIR/launcher-signing-key when none is set.
 * LAUNCHER_SIGNING_KEY_PREVIOUS: comma-separated earlier keys (private keys as above, or public keys
 * as base64 SPKI DER or PEM), only published so launchers can still check what they signed.
 */

export const SIGNING_ALGORITHM = "Ed25519" as const;

export interface PublishedKey {
  keyId: string;
  algorithm: typeof SIGNING_ALGORITHM;
  /** The raw 32-byte public key, base64url. */
  publicKey: string;
}

interface Keyring {
  source: string;
  current: { privateKey: KeyObject; published: PublishedKey };
  keys: PublishedKey[];
}

function der(text: string): Buffer {
  return Buffer.from(text.replace(/\s+/g, ""), "base64");
}

function readPrivateKey(text: string): KeyObject {
  return text.startsWith("-----BEGIN") ? createPrivateKey(text) : createPrivateKey({ key: der(text), format: "der", type: "pkcs8" });
}

function readPublicKey(text: string): KeyObject {
  try {
    return createPublicKey(readPrivateKey(text));
  } catch {
    return text.startsWith("-----BEGIN") ? createPublicKey(text) : createPublicKey({ key: der(text), format: "der", type: "spki" });
  }
}

/** The key `read` makes of the text of variable `name`: an error saying `unreadable` when it cannot, or when it is not Ed25519. */
function ed25519Key(read: (text: string) => KeyObject, text: string, name: string, unreadable: string): KeyObject {
  let key: KeyObject;
  try {
    key = read(text);
  } catch {
    throw new Error(unreadable);
  }
  if (key.asymmetricKeyType !== "ed25519") throw new Error(`${name} is a ${key.asymmetricKeyType} key; the launcher signs with Ed25519.`);
  return key;
}

/** The key as launchers get it: the raw public key and its id, the first 16 hex digits of its sha256. */
function publish(publicKey: KeyObject): PublishedKey {
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url");
  return {
    keyId: createHash("sha256").update(raw).digest("hex").slice(0, 16),
    algorithm: SIGNING_ALGORITHM,
    publicKey: raw.toString("base64url"),
  };
}

let keyring: Keyring | undefined;

/** The keys of LAUNCHER_SIGNING_KEY(_PREVIOUS), read once per value; a missing or unreadable key fails loudly. */
export function launcherKeyring(env: NodeJS.ProcessEnv = process.env): Keyring {
  const current = env.LAUNCHER_SIGNING_KEY?.trim();
  const previous = env.LAUNCHER_SIGNING_KEY_PREVIOUS?.trim() ?? "";
  const source = `${current}\n${previous}`;
  if (keyring?.source === source) return keyring;
  if (!current)
    throw new Error("LAUNCHER_SIGNING_KEY is not set: npm start generates one into the data folder, or set it (docs/launcher.md).");
  const privateKey = ed25519Key(
    readPrivateKey,
    current,
    "LAUNCHER_SIGNING_KEY",
    "LAUNCHER_SIGNING_KEY is not an Ed25519 private key (base64 PKCS#8 DER or PEM).",
  );
  const published = publish(createPublicKey(privateKey));
  const keys = [published];
  for (const text of previous
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const key = ed25519Key(
      readPublicKey,
      text,
      "LAUNCHER_SIGNING_KEY_PREVIOUS",
      "LAUNCHER_SIGNING_KEY_PREVIOUS holds a key that is not an Ed25519 key (base64 PKCS#8 or SPKI DER, or PEM).",
    );
    const earlier = publish(key);
    if (!keys.some((known) => known.keyId === earlier.keyId)) keys.push(earlier);
  }
  keyring = { source, current: { privateKey, published }, keys };
  return keyring;
}

/** A new Ed25519 private key in LAUNCHER_SIGNING_KEY's format (base64 PKCS#8 DER). */
export function generateSigningKey(): string {
  return generateKeyPairSync("ed25519").privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
}

/** The bytes a signature covers: the RFC 8785 canonical JSON (JCS) of the document, UTF-8. */
export function signedBytes(document: object): Buffer {
  return Buffer.from(canonicalize(document)!, "utf8");
}

/** `{keyId, algorithm: "Ed25519", value}`: base64url Ed25519 signature over signedBytes(document). */
export function signDocument(document: object) {
  const { privateKey, published } = launcherKeyring().current;
  return {
    keyId: published.keyId,
    algorithm: SIGNING_ALGORITHM,
    value: sign(null, signedBytes(document), privateKey).toString("base64url"),
  };
}

/** GET /launcher/keys: the current key first, then the previous ones. */
export function publishedKeys(): { keys: PublishedKey[] } {
  return { keys: launcherKeyring().keys };
}
