/** Cookie names and secrets shared by next-auth, the route wrapper and the portal. */

/**
 * Cookies are Secure and `__Host-` prefixed (https only, this host only, path /) by default in
 * production, so no http page and no sibling subdomain can set or read them. Browsers count
 * http://127.0.0.1 and http://localhost as secure, so `npm start` on loopback works as is.
 * COOKIE_SECURE=false switches this off for plain http on another host (never on the internet);
 * outside production (dev server, tests) cookies follow PUBLIC_URL's scheme.
 */
export const SECURE_COOKIES =
  process.env.COOKIE_SECURE !== undefined
    ? process.env.COOKIE_SECURE !== "false"
    : process.env.NODE_ENV === "production" || (process.env.PUBLIC_URL ?? "").startsWith("https://");

const COOKIE_PREFIX = SECURE_COOKIES ? "__Host-" : "";

export const SESSION_COOKIE = `${COOKIE_PREFIX}pums.session`;

/** Long-lived random id of a browser that signed in successfully: its Device (lib/auth/sign-in.ts). */
export const DEVICE_COOKIE = `${COOKIE_PREFIX}pums.device`;
export const DEVICE_KEY_PREFIX = "dev_";
export const DEVICE_COOKIE_OPTIONS = { httpOnly: true, sameSite: "lax", secure: SECURE_COOKIES, path: "/", maxAge: 400 * 86_400 } as const;

/** The key of a pending second sign-in step (lib/auth/sign-in.ts `completeTwoFactorSignIn`), 5 minutes. */
export const CHALLENGE_COOKIE = `${COOKIE_PREFIX}pums.challenge`;
export const CHALLENGE_KEY_PREFIX = "chl_";
export const CHALLENGE_COOKIE_OPTIONS = { httpOnly: true, sameSite: "lax", secure: SECURE_COOKIES, path: "/", maxAge: 300 } as const;

export function isChallengeKey(value: string): boolean {
  return /^chl_[\w-]{43}$/.test(value);
}

/** A device cookie value as we issue it (prefix + 256 random bits); anything else is ignored. */
export function isDeviceKey(value: string): boolean {
  return /^dev_[\w-]{43}$/.test(value);
}

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
