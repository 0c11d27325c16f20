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
