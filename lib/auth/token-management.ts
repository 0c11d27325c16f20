import { db } from "../db/client";
import { Forbidden } from "../errors";
import { auditContext, type Actor, type RequestMeta } from "./actor";
import type { CreateTokenInput } from "./schemas";
import { issueToken } from "./tokens";

/** A token made with a token never carries a scope its creator lacks, nor outlives it (issueToken). */
export async function createOwnToken(actor: Actor, input: CreateTokenInput, meta: RequestMeta) {
  const beyond = actor.scopes ? input.scopes.filter((scope) => !actor.scopes!.includes(scope)) : [];
  if (beyond.length) throw new Forbidden(`Your token cannot create a token with: ${beyond.join(", ")}.`, "insufficient_scope");
  return db.$transaction(async (tx) => {
    const parent = actor.tokenId ? await tx.apiToken.findUniqueOrThrow({ where: { id: actor.tokenId }, select: { id: true, expiresAt: true } }) : null;
    return issueToken(tx, actor.userId, input, auditContext(actor, meta), parent);
  });
}
