import { db } from "../db/client";

/**
 * The retention job (docs/privacy.md, "Retention"): login history and ended sessions are deleted
 * after their period, and a deleted account's username leaves quarantine. Every instance runs it;
 * that is safe because each step is an idempotent delete (or update) of at most BATCH rows, picked
 * with FOR UPDATE SKIP LOCKED: two instances at once take different rows or find none, and nothing
 * is held across steps.
 */

const DAY_MS = 86_400_000;
const BATCH = 1000;
/** At most this many batches per step and run, so one run stays short; the next run goes on. */
const MAX_BATCHES = 20;

function days(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Login attempts are kept this long (LOGIN_HISTORY_RETENTION_DAYS, default 180). */
export function loginHistoryRetentionDays(): number {
  return days("LOGIN_HISTORY_RETENTION_DAYS", 180);
}

/** Sessions are kept this long after they ended, revoked or expired (ENDED_SESSION_RETENTION_DAYS, default 30). */
export function endedSessionRetentionDays(): number {
  return days("ENDED_SESSION_RETENTION_DAYS", 30);
}

export interface PurgeResult {
  loginEvents: number;
  sessions: number;
  usernamesReleased: number;
}

async function inBatches(step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const count = await step();
    total += count;
    if (count < BATCH) break;
  }
  return total;
}

export async function purgeExpiredData(now = new Date()): Promise<PurgeResult> {
  const loginCutoff = new Date(now.getTime() - loginHistoryRetentionDays() * DAY_MS);
  const sessionCutoff = new Date(now.getTime() - endedSessionRetentionDays() * DAY_MS);
  const loginEvents = await inBatches(
    () => db.$executeRaw`
      DELETE FROM "LoginEvent" WHERE "id" IN (
        SELECT "id" FROM "LoginEvent" WHERE "createdAt" < ${loginCutoff} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
  );
  const sessions = await inBatches(
    () => db.$executeRaw`
      DELETE FROM "UserSession" WHERE "id" IN (
        SELECT "id" FROM "UserSession" WHERE "expiresAt" < ${sessionCutoff} OR "revokedAt" < ${sessionCutoff}
        LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
  );
  const usernamesReleased = await inBatches(
    () => db.$executeRaw`
      UPDATE "User" SET "reservedUsernameKey" = NULL, "usernameReservedUntil" = NULL WHERE "id" IN (
        SELECT "id" FROM "User" WHERE "usernameReservedUntil" <= ${now} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
  );
  return { loginEvents, sessions, usernamesReleased };
}

let timer: NodeJS.Timeout | null = null;
let running: Promise<unknown> | null = null;

function runOnce() {
  if (running) return;
  running = purgeExpiredData()
    .catch((error: unknown) => console.error(`Retention job failed: ${error instanceof Error ? error.message : String(error)}`))
    .finally(() => {
      running = null;
    });
}

/** Starts the hourly job of this instance (instrumentation.ts); RETENTION_JOB=off leaves it off. */
export function startRetentionJob(): void {
  if (timer || process.env.RETENTION_JOB === "off") return;
  const interval = Number(process.env.RETENTION_INTERVAL_MS ?? 3_600_000);
  timer = setInterval(runOnce, Number.isFinite(interval) && interval > 0 ? interval : 3_600_000);
  timer.unref();
}

/** Stops the job and waits for a run in progress (shutdown, tests). */
export async function stopRetentionJob(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  while (running) await running;
}
