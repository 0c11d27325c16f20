import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import type { CreateOwnTokenInput } from "../auth/schemas";
import { issueToken } from "../auth/tokens";
import { db, type Tx } from "../db/client";
import { Forbidden, Unauthorized } from "../errors";
import { assertRecentAuthentication, authenticateWithPassword } from "./reauthentication";

/**
 * A token the caller mints for themselves (POST /users/me/tokens, the portal's token form). It
 * needs a recent sign-in, or the password in the request, and it inherits that sign-in's time:
 * a token made from a session or token goes stale when its maker's sign-in does. A token made with
 * a token never carries a scope its maker lacks, nor outlives it (issueToken).
 */
export async function createOwnToken(actor: Actor, { password, ...input }: CreateOwnTokenInput, meta: RequestMeta) {
  const beyond = actor.scopes ? input.scopes.filter((scope) => !actor.scopes!.includes(scope)) : [];
  if (beyond.length) throw new Forbidden(`Your token cannot create a token with: ${beyond.join(", ")}.`, "insufficient_scope");
  const proven = password === undefined ? null : await authenticateWithPassword(actor, password, meta);
  return db.$transaction(async (tx) => {
    const parent = await lockLiveCaller(tx, actor);
    const authenticatedAt = proven ?? (await assertRecentAuthentication(actor, tx));
    return issueToken(tx, actor.userId, input, auditContext(actor, meta), { authenticatedAt, parent });
  });
}

/**
 * Locks the user's row and checks that the caller's session or token still works; returns the
 * token (the new token's parent). A password reset updates the same row before it revokes every
 * token, so a token minted at the same moment is either refused here or revoked by the reset.
 */
async function lockLiveCaller(tx: Tx, actor: Actor) {
  await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${actor.userId} FOR UPDATE`;
  const now = new Date();
  if (actor.tokenId) {
    const token = await tx.apiToken.findFirst({
      where: { id: actor.tokenId, revokedAt: null, expiresAt: { gt: now } },
      select: { id: true, expiresAt: true },
    });
    if (!token) throw new Unauthorized("The access token is invalid, expired or revoked.");
    return token;
  }
  const session = actor.sessionId
    ? await tx.userSession.findFirst({
        where: { id: actor.sessionId, revokedAt: null, expiresAt: { gt: now } },
        select: { sessionVersion: true, user: { select: { sessionVersion: true } } },
      })
    : null;
  if (!session || session.sessionVersion !== session.user.sessionVersion) throw new Unauthorized();
  return null;
}
