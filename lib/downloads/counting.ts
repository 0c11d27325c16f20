import { createHmac } from "node:crypto";
import type { Actor, RequestMeta } from "../auth/actor";
import { authSecret } from "../auth/config";
import { db } from "../db/client";

/**
 * A download counts once per client: a client's requests for a file (whole, ranges in any order,
 * in parallel) are one download until it has made no request for that file for this long.
 */
export const DOWNLOAD_COUNT_WINDOW_MS = 60 * 60 * 1000;

/**
 * Who is downloading: the signed-in user, else a keyed hash (HMAC with AUTH_SECRET) of the client's
 * address and user agent. The address itself is never stored, and without the secret the hash
 * cannot be reversed by trying every IPv4 address.
 */
export function downloadClientKey(actor: Actor | null, meta: Pick<RequestMeta, "ip" | "userAgent">): string {
  if (actor) return `user:${actor.userId}`;
  const hash = createHmac("sha256", authSecret()).update(`download-client\n${meta.ip ?? ""}\n${meta.userAgent ?? ""}`).digest("base64url");
  return `anon:${hash}`;
}

/**
 * Records a request of `clientKey` for the file and counts a download when the client had no
 * request for it within the window. One transaction: entries older than the window are removed,
 * then the client's entry is inserted (ON CONFLICT DO NOTHING). Of two concurrent requests of one
 * client the second insert waits for the first to commit and then finds its entry, so the pair
 * counts once; otherwise it only refreshes the entry's time. Returns whether it counted.
 */
// Many requests of one file at once queue for the same rows (and, on the embedded PGlite, for its one
// connection): wait longer than Prisma's 2 s default for a turn rather than failing the count.
const COUNT_TRANSACTION = { maxWait: 15_000, timeout: 15_000 };

export async function countDownloadRequest(downloadId: string, clientKey: string, now = new Date()): Promise<boolean> {
  const cutoff = new Date(now.getTime() - DOWNLOAD_COUNT_WINDOW_MS);
  return db.$transaction(async (tx) => {
    await tx.downloadClient.deleteMany({ where: { downloadId, lastSeenAt: { lt: cutoff } } });
    const { count } = await tx.downloadClient.createMany({ data: [{ downloadId, clientKey, lastSeenAt: now }], skipDuplicates: true });
    if (count === 0) {
      await tx.downloadClient.updateMany({ where: { downloadId, clientKey, lastSeenAt: { lt: now } }, data: { lastSeenAt: now } });
      return false;
    }
    await tx.download.update({ where: { id: downloadId }, data: { downloadCount: { increment: 1 } } });
    return true;
  }, COUNT_TRANSACTION);
}
