import { decode } from "next-auth/jwt";
import { Unauthorized } from "../errors";
import { actorFromUser, type Actor, type TokenScope } from "./actor";
import { cachedCaller, callerCacheMs, sessionCacheKey, tokenCacheKey } from "./caller-cache";
import { authSecrets } from "../secrets/server-secret";
import { SESSION_COOKIE } from "./config";
import { sha256 } from "./secrets";
import { resolveSession } from "./sessions";
import { resolveToken, TOKEN_PREFIX } from "./tokens";

/**
 * Who is calling: a bearer token (external clients) or the portal's session cookie.
 * A bad token is refused outright (401); a stale cookie just means "anonymous". Resolved callers
 * are cached for a few seconds (lib/auth/caller-cache.ts).
 */
export async function resolveActor(
  authorization: string | null,
  sessionCookie: string | undefined,
  ip: string | null,
): Promise<Actor | null> {
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const actor = match?.[1].startsWith(TOKEN_PREFIX)
      ? await cachedCaller(tokenCacheKey(sha256(match[1])), () => tokenCaller(match[1], ip))
      : null;
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
  return { actor: actorFromUser(token.user, token.scopes as TokenScope[], { tokenId: token.id }), credentialExpiresAt: token.expiresAt };
}

async function sessionCaller(sessionId: string) {
  const session = await resolveSession(sessionId);
  if (!session) return null;
  return { actor: actorFromUser(session.user, null, { sessionId: session.id }), credentialExpiresAt: session.expiresAt };
}

/**
 * Decrypting the cookie (HKDF key derivation, HMAC check, AES) costs more CPU than the rest of a
 * cached request: the session id of a cookie is kept as long as its caller would be
 * (CALLER_CACHE_SECONDS), never past the cookie's own expiry. It only saves the decryption: the
 * session itself is still checked through the caller cache, whose invalidations apply as before.
 */
const MAX_DECODED_COOKIES = 10_000;
const decodedCookies = new Map<string, { sid: string; expiresAt: number }>();

export async function sessionIdFromCookie(cookie: string): Promise<string | null> {
  const now = Date.now();
  const known = decodedCookies.get(cookie);
  if (known && known.expiresAt > now) return known.sid;
  if (known) decodedCookies.delete(cookie);
  try {
    const payload = await decode({ token: cookie, secret: authSecrets(), salt: SESSION_COOKIE });
    if (typeof payload?.sid !== "string") return null;
    const keepMs = callerCacheMs();
    if (keepMs > 0) {
      if (decodedCookies.size >= MAX_DECODED_COOKIES) decodedCookies.clear();
      const expiresAt = Math.min(now + keepMs, typeof payload.exp === "number" ? payload.exp * 1000 : now);
      if (expiresAt > now) decodedCookies.set(cookie, { sid: payload.sid, expiresAt });
    }
    return payload.sid;
  } catch {
    return null;
  }
}
