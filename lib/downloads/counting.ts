import { createHmac } from "node:crypto";
import type { Actor, RequestMeta } from "../auth/actor";
import { authSecret } from "../secrets/server-secret";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { MAY_SHOW_LATE } from "../db/write-watch";
import { clientNetwork } from "../request/client-ip";

/**
 * Who is downloading: the signed-in user, else a keyed hash (HMAC with AUTH_SECRET) of the client's
 * address, an IPv6 address reduced to its /64 (clientNetwork). Not the user agent: a script changes
 * it for free. The address itself is never stored, and without the secret the hash cannot be
 * reversed by trying every IPv4 address. Requests without a known address share one key.
 */
export function downloadClientKey(actor: Actor | null, meta: Pick<RequestMeta, "ip">): string {
  if (actor) return `user:${actor.userId}`;
  const network = meta.ip ? clientNetwork(meta.ip) : "";
  return `anon:${createHmac("sha256", authSecret()).update(`download-client\n${network}`).digest("base64url")}`;
}

/** The UTC day of `now`, as the `date` the counting rows keep. */
function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Rows of past days removed per counted download: the table holds about one day's clients. */
const PURGE_BATCH = 500;

/**
 * Counts a download of the file by `clientKey` unless that client was already counted for it on
 * the same UTC day; returns whether it counted. One statement: the client's row for the day is
 * inserted (ON CONFLICT DO NOTHING) and the file's count raised only when the insert made a row.
 * Of two concurrent requests of one client the second insert waits for the first to commit, finds
 * its row and counts nothing. The count is written MAY_SHOW_LATE: it does not empty the data cache
 * (lib/db/write-watch.ts), so a cached page may show it DATA_CACHE_SECONDS late.
 */
export async function countDownloadRequest(downloadId: string, clientKey: string, now = new Date()): Promise<boolean> {
  const counted = await db.$executeRaw`${Prisma.raw(MAY_SHOW_LATE)}
    WITH "counted" AS (
      INSERT INTO "DownloadClient" ("downloadId", "clientKey", "day") VALUES (${downloadId}, ${clientKey}, ${dayOf(now)}::date)
      ON CONFLICT DO NOTHING
      RETURNING "downloadId"
    )
    UPDATE "Download" SET "downloadCount" = "downloadCount" + 1 WHERE "id" IN (SELECT "downloadId" FROM "counted")`;
  return counted > 0;
}

/**
 * Removes up to PURGE_BATCH counting rows of days before `now`'s, of any file: a row only matters
 * on its own day. Called after each counted download, so the table holds about one day's clients.
 */
export async function purgePastDownloadClients(now = new Date()): Promise<number> {
  return db.$executeRaw`DELETE FROM "DownloadClient" WHERE ("downloadId", "clientKey", "day") IN (
    SELECT "downloadId", "clientKey", "day" FROM "DownloadClient" WHERE "day" < ${dayOf(now)}::date LIMIT ${PURGE_BATCH})`;
}
