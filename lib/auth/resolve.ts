import { decode } from "next-auth/jwt";
import { Unauthorized } from "../errors";
import { actorFromUser, type Actor, type TokenScope } from "./actor";
import { authSecret, SESSION_COOKIE } from "./config";
import { resolveSession } from "./sessions";
import { resolveToken } from "./tokens";

/**
 * Who is calling: a bearer token (external clients) or the portal's session cookie.
 * A bad token is refused outright (401); a stale cookie just means "anonymous".
 */
export async function resolveActor(authorization: string | null, sessionCookie: string | undefined, ip: string | null): Promise<Actor | null> {
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const token = match ? await resolveToken(match[1], ip) : null;
    if (!token) throw new Unauthorized("The access token is invalid, expired or revoked.");
    return actorFromUser(token.user, token.scopes as TokenScope[], { tokenId: token.id });
  }
  if (!sessionCookie) return null;
  const sessionId = await sessionIdFromCookie(sessionCookie);
  const session = sessionId ? await resolveSession(sessionId) : null;
  if (!session) return null;
  return actorFromUser(session.user, null, { sessionId: session.id });
}

export async function sessionIdFromCookie(cookie: string): Promise<string | null> {
  try {
    const payload = await decode({ token: cookie, secret: authSecret(), salt: SESSION_COOKIE });
    return typeof payload?.sid === "string" ? payload.sid : null;
  } catch {
    return null;
  }
}
