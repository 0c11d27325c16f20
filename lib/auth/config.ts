/** Cookie names and secrets shared by next-auth, the route wrapper and the portal. */

/** Cookies get the Secure flag (and the __Secure- prefix) when the service is served over https. */
export const SECURE_COOKIES = (process.env.PUBLIC_URL ?? "").startsWith("https://");

export const SESSION_COOKIE = SECURE_COOKIES ? "__Secure-pums.session" : "pums.session";

/** Long-lived random id of the browser, so a user can see and remove devices (not tied to IP). */
export const DEVICE_COOKIE = SECURE_COOKIES ? "__Secure-pums.device" : "pums.device";

export function authSecret(): string {
  const secret = process.env.AUTH_SECRET;
  if (!secret || secret.length < 32) throw new Error("AUTH_SECRET must be set to at least 32 random characters (npm start creates one).");
  return secret;
}
