import { decode } from "next-auth/jwt";
import { Unauthorized } from "../errors";
import type { Actor } from "./actor";
import { authSecret, SESSION_COOKIE } from "./config";
import { resolveSession } from "./sessions";
import { resolveToken, TOKEN_PREFIX } from "./tokens";
import { cachedCaller, sessionCacheKey, tokenCacheKey } from "./caller-cache";
import { sha256 } from "./secrets";
import type { TokenScope } from "./actor";

/**
 * Who is calling: a bearer token (external clients) or the portal's session cookie.
 * A bad token is refused outright (401); a stale cookie just means "anonymous". Resolved callers
 * are cached for a few seconds (lib/auth/caller-cache.ts).
 */
export async function resolveActor(authorization: string | null, sessionCookie: string | undefined, ip: string | null): Promise<Actor | null> {
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const actor = match?.[1].startsWith(TOKEN_PREFIX) ? await cachedCaller(tokenCacheKey(sha256(match[1])), () => tokenCaller(match[1], ip)) : null;
    if (!actor) throw new Unauthorized("The access token is invalid, expired or revoked.");
    return actor;
  }
  if (!sessionCookie) return null;
  const sessionId = await sessionIdFromCookie(sessionCookie);
  return sessionId ? cachedCaller(sessionCacheKey(sessionId), () => sessionCaller(sessionId)) : null;
}

async function tokenCaller(raw: string, ip: string | null) {
  const token = await resolveToken(raw, ip);
  if (!token) return null;
  const actor: Actor = {
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
  return { actor, credentialExpiresAt: token.expiresAt };
}

async function sessionCaller(sessionId: string) {
  const session = await resolveSession(sessionId);
  if (!session) return null;
  const actor: Actor = {
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
  return { actor, credentialExpiresAt: session.expiresAt };
}

export async function sessionIdFromCookie(cookie: string): Promise<string | null> {
  try {
    const payload = await decode({ token: cookie, secret: authSecret(), salt: SESSION_COOKIE });
    return typeof payload?.sid === "string" ? payload.sid : null;
  } catch {
    return null;
  }
}
