import type { Actor, RequestMeta } from "../auth/actor";
import { confirmPassword } from "../auth/password-check";
import { db, type Tx } from "../db/client";
import { AppError, NotFound, ValidationFailed } from "../errors";

/**
 * Minting a token and changing two-factor sign-in need a recent proof of the password: the sign-in
 * the caller's credential descends from (`authenticatedAt`) within REAUTH_WINDOW_SECONDS (default
 * 600). A session's is its sign-in, renewed by POST /users/me/reauthenticate; a token's is the
 * sign-in it was made with (POST /auth/token), or that of the session or token that made it:
 * never its own creation, so an old credential cannot launder itself into a fresh one. Requests
 * that carry the password (password and e-mail change, disabling 2FA, a token minted with
 * `password`) are their own re-authentication.
 */
const DEFAULT_WINDOW_SECONDS = 600;

/** REAUTH_WINDOW_SECONDS as milliseconds; anything but a positive whole number means the default. */
export function reauthWindowMs(): number {
  const configured = Number(process.env.REAUTH_WINDOW_SECONDS);
  return (Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_WINDOW_SECONDS) * 1000;
}

/** The window in whole minutes (at least one), for messages. */
export function reauthWindowMinutes(): number {
  return Math.max(1, Math.round(reauthWindowMs() / 60_000));
}

export class ReauthenticationRequired extends AppError {
  constructor(via: Actor["via"]) {
    super(
      401,
      "reauthentication_required",
      "Confirm your password",
      via === "TOKEN"
        ? `This needs a sign-in within the last ${reauthWindowMinutes()} minutes: send your password as \`password\` where the request takes it, or get a new token with POST /api/v1/auth/token.`
        : "This change needs your password again: confirm it on the Security page (API: POST /api/v1/users/me/reauthenticate), then try again.",
    );
  }
}

/** When the sign-in behind the caller's credential proved the password, or null when it cannot say. */
export async function lastAuthenticatedAt(actor: Actor, client: Tx = db): Promise<Date | null> {
  if (actor.sessionId) {
    const session = await client.userSession.findUnique({ where: { id: actor.sessionId }, select: { authenticatedAt: true } });
    return session?.authenticatedAt ?? null;
  }
  if (actor.tokenId) {
    const token = await client.apiToken.findUnique({ where: { id: actor.tokenId }, select: { authenticatedAt: true } });
    return token?.authenticatedAt ?? null;
  }
  return null;
}

function isRecent(at: Date | null, now = Date.now()): at is Date {
  return at !== null && now - at.getTime() <= reauthWindowMs();
}

export async function isRecentlyAuthenticated(actor: Actor): Promise<boolean> {
  return isRecent(await lastAuthenticatedAt(actor));
}

/** The caller's sign-in time when it is recent; 401 `reauthentication_required` otherwise. */
export async function assertRecentAuthentication(actor: Actor, client: Tx = db): Promise<Date> {
  const at = await lastAuthenticatedAt(actor, client);
  if (!isRecent(at)) throw new ReauthenticationRequired(actor.via);
  return at;
}

/**
 * A request that carries the password re-authenticates itself: checked like every password
 * confirmation (rate limited; a wrong one is 400 at `password`), it stands on a sign-in from now.
 */
export async function authenticateWithPassword(actor: Actor, password: string, meta: RequestMeta): Promise<Date> {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId } });
  if (!(await confirmPassword(user, password, meta))) throw new ValidationFailed([{ path: "password", message: "The password is wrong." }]);
  return new Date();
}

/** The password again, for the current session: it counts as authenticated from now on. */
export async function reauthenticate(actor: Actor, password: string, meta: RequestMeta): Promise<void> {
  if (!actor.sessionId) throw new NotFound("session");
  const authenticatedAt = await authenticateWithPassword(actor, password, meta);
  await db.userSession.update({ where: { id: actor.sessionId }, data: { authenticatedAt } });
}
