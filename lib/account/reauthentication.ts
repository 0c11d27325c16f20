import type { Actor, RequestMeta } from "../auth/actor";
import { confirmPassword } from "../auth/password-check";
import { db } from "../db/client";
import { AppError, NotFound, ValidationFailed } from "../errors";

/**
 * Changing the e-mail address, the password or two-factor sign-in needs a recent proof of the
 * password: the session's last authentication (sign-in or re-authentication) within 10 minutes.
 * A token counts as authenticated when it was created (POST /auth/token takes the password); an
 * older token gets a new one that way. Requests that carry the password themselves (password
 * change, e-mail change, disabling 2FA) are their own re-authentication.
 */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60_000;

export class ReauthenticationRequired extends AppError {
  constructor(via: Actor["via"]) {
    super(
      401,
      "reauthentication_required",
      "Confirm your password",
      via === "TOKEN"
        ? "This change needs a token created in the last 10 minutes: create one with POST /api/v1/auth/token."
        : "This change needs your password again: confirm it on the Security page (API: POST /api/v1/users/me/reauthenticate), then try again.",
    );
  }
}

/** When the caller's credential last proved the password, or null when it cannot say. */
export async function lastAuthenticatedAt(actor: Actor): Promise<Date | null> {
  if (actor.sessionId) {
    const session = await db.userSession.findUnique({ where: { id: actor.sessionId }, select: { authenticatedAt: true } });
    return session?.authenticatedAt ?? null;
  }
  if (actor.tokenId) {
    const token = await db.apiToken.findUnique({ where: { id: actor.tokenId }, select: { createdAt: true } });
    return token?.createdAt ?? null;
  }
  return null;
}

export async function isRecentlyAuthenticated(actor: Actor, now = Date.now()): Promise<boolean> {
  const at = await lastAuthenticatedAt(actor);
  return at !== null && now - at.getTime() <= REAUTHENTICATION_WINDOW_MS;
}

export async function assertRecentAuthentication(actor: Actor): Promise<void> {
  if (!(await isRecentlyAuthenticated(actor))) throw new ReauthenticationRequired(actor.via);
}

/** The password again, for the current session: it counts as authenticated from now on. */
export async function reauthenticate(actor: Actor, password: string, meta: RequestMeta): Promise<void> {
  if (!actor.sessionId) throw new NotFound("session");
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId } });
  if (!(await confirmPassword(user, password, meta))) throw new ValidationFailed([{ path: "password", message: "The password is wrong." }]);
  await db.userSession.update({ where: { id: actor.sessionId }, data: { authenticatedAt: new Date() } });
}
