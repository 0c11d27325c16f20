import { db, type Prisma } from "../db/client";
import { BadRequest, Conflict, RuleViolation } from "../errors";
import { sha256 } from "../auth/secrets";

/** How long a key is remembered. */
const KEY_TTL_MS = 24 * 3600_000;
/** Expired rows removed per claim: enough to keep up with any write rate, small enough to stay fast. */
const PURGE_BATCH = 100;

export interface StoredReply {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Runs a create once per (user, Idempotency-Key): a repeat with the same request returns the
 * first answer and creates nothing; the same key with another request is refused (422); a
 * repeat while the first is still running gets 409. Failed attempts leave no trace, so they
 * can be retried.
 */
export async function withIdempotency(
  userId: string,
  key: string,
  request: { method: string; path: string; body: string },
  run: () => Promise<StoredReply>,
): Promise<StoredReply & { replayed: boolean }> {
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw new BadRequest("Idempotency-Key must be 1-255 visible ASCII characters.", "invalid_idempotency_key");
  const requestHash = sha256(`${request.method} ${request.path}\n${request.body}`);
  const claimed = await claim(userId, key, request, requestHash);
  if (!claimed) {
    const existing = await db.idempotencyKey.findUniqueOrThrow({ where: { userId_key: { userId, key } } });
    if (existing.requestHash !== requestHash) {
      throw new RuleViolation("This Idempotency-Key was used for a different request.", "idempotency_key_reused");
    }
    if (existing.status === 0)
      throw new Conflict("A request with this Idempotency-Key is still being processed.", "idempotency_in_progress");
    return { status: existing.status, body: existing.body, headers: existing.headers as Record<string, string>, replayed: true };
  }
  try {
    const reply = await run();
    if (reply.status >= 500) {
      await db.idempotencyKey.delete({ where: { id: claimed } });
    } else {
      await db.idempotencyKey.update({
        where: { id: claimed },
        data: { status: reply.status, body: (reply.body ?? null) as Prisma.InputJsonValue, headers: reply.headers },
      });
    }
    return { ...reply, replayed: false };
  } catch (error) {
    await db.idempotencyKey.delete({ where: { id: claimed } });
    throw error;
  }
}

/**
 * Inserts the in-progress marker; returns its id, or null when the key is already taken. Every
 * claim also removes a batch of expired keys of any user and route, so stored answers are gone
 * 24 hours after they were made (the own key first, so it can be used again at once).
 */
async function claim(userId: string, key: string, request: { method: string; path: string }, requestHash: string) {
  const expired = new Date(Date.now() - KEY_TTL_MS);
  await db.idempotencyKey.deleteMany({ where: { userId, key, createdAt: { lt: expired } } });
  await db.$executeRaw`DELETE FROM "IdempotencyKey" WHERE "id" IN (SELECT "id" FROM "IdempotencyKey" WHERE "createdAt" < ${expired} LIMIT ${PURGE_BATCH})`;
  try {
    const row = await db.idempotencyKey.create({
      data: { userId, key, method: request.method, path: request.path, requestHash, status: 0, body: {}, createdAt: new Date() },
    });
    return row.id;
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return null;
    throw error;
  }
}
