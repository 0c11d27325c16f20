import { enforce, enforceForAddress, RATE_LIMITS } from "../rate-limit";
import type { RequestMeta } from "./actor";
import { verifyPassword } from "./passwords";

/**
 * The one way to check a signed-in user's password outside sign-in (e-mail change, and every
 * later "confirm with your password" step). Each check counts against the same per-address
 * budget as sign-in and a per-account budget, so no form is an unlimited password oracle.
 * Throws TooManyRequests when a budget is spent.
 */
export async function confirmPassword(user: { id: string; passwordHash: string }, password: string, meta: RequestMeta): Promise<boolean> {
  if (meta.ip) await enforceForAddress(RATE_LIMITS.signInPerIp, meta.ip);
  await enforce(RATE_LIMITS.passwordCheckPerAccount, user.id);
  return verifyPassword(user.passwordHash, password);
}
