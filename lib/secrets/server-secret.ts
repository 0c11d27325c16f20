/**
 * The server's secret (AUTH_SECRET) and its earlier values: the root of every key the service
 * derives (session cookies, sealed secrets, keyed hashes: lib/secrets/sealing.ts). A foundation
 * module, so that every layer may use it without importing lib/auth.
 */

export function authSecret(): string {
  const secret = process.env.AUTH_SECRET;
  if (!secret || secret.length < 32) throw new Error("AUTH_SECRET must be set to at least 32 random characters (npm start creates one).");
  return secret;
}

/**
 * Earlier values of AUTH_SECRET (AUTH_SECRET_PREVIOUS, comma-separated) that still open what they
 * sealed and still read the session cookies they signed, so the secret can be rotated without
 * voiding authenticator apps or signing everyone out (docs/security.md, "Rotating AUTH_SECRET").
 */
export function previousAuthSecrets(): string[] {
  const secrets = (process.env.AUTH_SECRET_PREVIOUS ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (secrets.some((secret) => secret.length < 32))
    throw new Error("Every secret in AUTH_SECRET_PREVIOUS must have at least 32 characters (they are separated by commas).");
  return secrets;
}

/** The current secret first (it signs and seals), then the previous ones (they only open). */
export function authSecrets(): string[] {
  return [authSecret(), ...previousAuthSecrets()];
}
