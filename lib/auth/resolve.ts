import { decode } from "next-auth/jwt";
import { Unauthorized } from "../errors";
import type { Actor } from "./actor";
import { authSecret, SESSION_COOKIE } from "./config";
import { resolveSession } from "./sessions";
import { resolveToken } from "./tokens";
import type { TokenScope } from "./actor";

/**
 * Who is calling: a bearer token (external clients) or the portal's session cookie.
 * A bad token is refused outright (401); a stale cookie just means "anonymous".
 */
export async function resolveActor(authorization: string | null, sessionCookie: string | undefined, ip: string | null): Promise<Actor | null> {
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const token = match ? await resolveToken(match[1], ip) : null;
    if (!token) throw new Unauthorized("The access token is invalid, expired or revoked.");
    return {
      userId: token.user.id,
      username: token.user.username,
      displayName: token.user.displayName,
      platformRoles: token.user.platformRoles,
      partnerStatus: token.user.partnerStatus,
      via: "TOKEN",
      sessionId: null,
      tokenId: token.id,
      scopes: token.scopes as TokenScope[],
    };
  }
  if (!sessionCookie) return null;
  const sessionId = await sessionIdFromCookie(sessionCookie);
  const session = sessionId ? await resolveSession(sessionId) : null;
  if (!session) return null;
  return {
    userId: session.user.id,
    username: session.user.username,
    displayName: session.user.displayName,
    platformRoles: session.user.platformRoles,
    partnerStatus: session.user.partnerStatus,
    via: "SESSION",
    sessionId: session.id,
    tokenId: null,
    scopes: null,
  };
}

export async function sessionIdFromCookie(cookie: string): Promise<string | null> {
  try {
    const payload = await decode({ token: cookie, secret: authSecret(), salt: SESSION_COOKIE });
    return typeof payload?.sid === "string" ? payload.sid : null;
  } catch {
    return null;
  }
}
