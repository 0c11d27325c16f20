import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { type EventRow, notifyOfEvents } from "../notifications/from-events";
import { membersHolding, notify, usersHolding } from "../notifications/service";
import { unseal } from "../secrets/sealing";
import { sendDelivery, SEND_TIMEOUT_MS } from "./send";
import { WEBHOOK_SECRET_PURPOSE } from "./secret";

/**
 * The dispatcher: turns recorded events into deliveries and sends them, safely with several
 * instances on one database.
 *
 * 1. Fan-out: events not yet fanned out are locked (FOR UPDATE SKIP LOCKED, so instances take
 *    different ones), a PENDING delivery is made for every active webhook that wants the event and
 *    existed when it happened, the people it concerns are notified (lib/notifications/from-events.ts),
 *    and the event is marked; all in one transaction, so each event is consumed exactly once.
 * 2. Claim: due PENDING deliveries are locked the same way and leased (`lockedUntil`), and that
 *    transaction commits before anything is sent: no transaction ever stays open across an HTTP
 *    call (the embedded database has a single connection).
 * 3. Send, then record the outcome on the delivery. A failure queues the next attempt as a new row
 *    after a growing pause (30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, then every 12 h); a
 *    webhook failing for WEBHOOKS_DISABLE_AFTER_HOURS (72) is switched off and its team told.
 * A crash between claim and outcome leaves the delivery PENDING with a lease that runs out, so
 * another run sends it again: at least once, never before the change committed.
 */

const LEASE_MS = SEND_TIMEOUT_MS + 20_000;
const BATCH = 20;
/**
 * Events fanned out per transaction, and how long that transaction may take. Prisma's default of
 * 5 s was too short for 200 events with their notifications and mail on a loaded two-core machine
 * (seen in CI and in the browser tests' servers, 2026-11-28): the transaction expired and rolled
 * back, and the next run took the same 200 events again, so the backlog never moved.
 */
const FAN_OUT_BATCH = 50;
const FAN_OUT_TIMEOUT_MS = 30_000;
const RETRY_DELAYS_S = [30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 43_200];

export function retryDelaySeconds(failedAttempt: number): number {
  return RETRY_DELAYS_S[Math.min(failedAttempt, RETRY_DELAYS_S.length) - 1];
}

export function disableAfterMs(): number {
  const hours = Number(process.env.WEBHOOKS_DISABLE_AFTER_HOURS ?? 72);
  return (Number.isFinite(hours) && hours > 0 ? hours : 72) * 3_600_000;
}

/** Whether a webhook subscribed to `events` wants an event of `type`. */
export function wants(events: readonly string[], type: string): boolean {
  return events.includes("*") || events.includes(type);
}

/** Makes the deliveries of events not yet fanned out; returns how many events it handled. */
export async function fanOut(): Promise<number> {
  return db.$transaction(
    async (tx) => {
      const events = await tx.$queryRaw<(EventRow & { occurredAt: Date })[]>`
      SELECT "id", "type", "projectId", "actorId", "data", "occurredAt" FROM "Event"
      WHERE "fannedOutAt" IS NULL ORDER BY "occurredAt", "id" LIMIT ${FAN_OUT_BATCH} FOR UPDATE SKIP LOCKED`;
      if (!events.length) return 0;
      const projectIds = [...new Set(events.map((event) => event.projectId).filter((id): id is string => id !== null))];
      const hooks = await tx.webhook.findMany({
        where: { active: true, OR: [{ projectId: null }, { projectId: { in: projectIds } }] },
        select: { id: true, projectId: true, events: true, createdAt: true },
      });
      const deliveries: Prisma.WebhookDeliveryCreateManyInput[] = [];
      for (const event of events) {
        for (const hook of hooks) {
          const scoped = hook.projectId === null || hook.projectId === event.projectId;
          if (scoped && hook.createdAt <= event.occurredAt && wants(hook.events, event.type)) {
            deliveries.push({ webhookId: hook.id, eventId: event.id, nextAttemptAt: new Date() });
          }
        }
      }
      if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries });
      // The other consumer of the seam: the people a change concerns hear of it (in the portal, by mail).
      await notifyOfEvents(tx, events);
      await tx.event.updateMany({ where: { id: { in: events.map((event) => event.id) } }, data: { fannedOutAt: new Date() } });
      return events.length;
    },
    { timeout: FAN_OUT_TIMEOUT_MS },
  );
}

/** Leases up to BATCH due deliveries (of `webhookIds` only, when given) and commits the lease. */
async function claim(webhookIds?: string[]): Promise<string[]> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const rows = webhookIds
      ? await tx.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "WebhookDelivery"
          WHERE "status" = 'PENDING' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
            AND "webhookId" = ANY(${webhookIds})
          ORDER BY "nextAttemptAt", "id" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`
      : await tx.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "WebhookDelivery"
          WHERE "status" = 'PENDING' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
          ORDER BY "nextAttemptAt", "id" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;
    const ids = rows.map((row) => row.id);
    if (ids.length) {
      await tx.webhookDelivery.updateMany({ where: { id: { in: ids } }, data: { lockedUntil: new Date(now.getTime() + LEASE_MS) } });
    }
    return ids;
  });
}

/** Sends one leased delivery and records its outcome (and the next attempt, or the switch-off). */
async function deliver(deliveryId: string): Promise<boolean> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { webhook: true, event: true } });
  if (delivery?.status !== "PENDING") return false;
  const { webhook, event } = delivery;
  const secret = unseal(webhook.secretSealed, { purpose: WEBHOOK_SECRET_PURPOSE, subject: webhook.id });
  const result = !webhook.active
    ? { ok: false, responseStatus: null, responseBody: "Not sent: the webhook is switched off.", durationMs: 0 }
    : secret
      ? await sendDelivery(webhook.url, secret, event)
      : { ok: false, responseStatus: null, responseBody: "Not sent: the secret no longer opens (rotate it).", durationMs: 0 };
  await db.$transaction(async (tx) => {
    const now = new Date();
    await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        status: result.ok ? "SUCCEEDED" : "FAILED",
        responseStatus: result.responseStatus,
        responseBody: result.responseBody,
        durationMs: result.durationMs,
        at: now,
        lockedUntil: null,
      },
    });
    if (result.ok) {
      // A success ends a run of failures; without one, nothing to write (the common case).
      if (webhook.failingSince)
        await tx.webhook.updateMany({ where: { id: webhook.id, failingSince: { not: null } }, data: { failingSince: null } });
      return;
    }
    const current = await tx.webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    const failingSince = current.failingSince ?? now;
    if (!current.failingSince) await tx.webhook.update({ where: { id: webhook.id }, data: { failingSince } });
    if (!current.active) return;
    if (now.getTime() - failingSince.getTime() >= disableAfterMs()) {
      await tx.webhook.update({ where: { id: webhook.id }, data: { active: false, disabledAt: now } });
      const recipients = webhook.projectId
        ? await membersHolding(tx, webhook.projectId, "webhooks.manage")
        : await usersHolding(tx, "webhooks.platform");
      const project = webhook.projectId
        ? await tx.project.findUnique({ where: { id: webhook.projectId }, select: { slug: true, name: true } })
        : null;
      await notify(tx, recipients, {
        kind: "webhook.disabled",
        params: { project: project?.name ?? "Platform", url: webhook.url, since: failingSince.toISOString().slice(0, 10) },
        link: project ? `/projects/${project.slug}/manage/webhooks` : "/admin/webhooks",
      });
      return;
    }
    await tx.webhookDelivery.create({
      data: {
        webhookId: webhook.id,
        eventId: event.id,
        attempt: delivery.attempt + 1,
        nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(delivery.attempt) * 1000),
      },
    });
  });
  return result.ok;
}

/**
 * One run: fan out new events, then send every due delivery (of `webhookIds` only, when given:
 * tests share one database, and one test's run must not send another's deliveries). Returns how
 * many deliveries were attempted.
 */
export async function dispatchWebhooks(only: { webhookIds?: string[] } = {}): Promise<number> {
  while ((await fanOut()) > 0) {}
  let attempted = 0;
  for (;;) {
    const ids = await claim(only.webhookIds);
    await Promise.all(ids.map((id) => deliver(id)));
    attempted += ids.length;
    if (ids.length < BATCH) return attempted;
  }
}

let timer: NodeJS.Timeout | null = null;
let running: Promise<unknown> | null = null;

/**
 * Starts the background dispatcher of this instance (instrumentation.ts, at server start): a run
 * every WEBHOOKS_POLL_MS (1000), never two at once. Several instances may run it side by side.
 */
export function startWebhookDispatcher(): void {
  if (timer || process.env.WEBHOOKS_DISPATCHER === "off") return;
  const interval = Number(process.env.WEBHOOKS_POLL_MS ?? 1000);
  timer = setInterval(() => {
    if (running) return;
    running = dispatchWebhooks()
      .catch((error: unknown) => console.error(`Webhook dispatch failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = null;
      });
  }, interval);
  timer.unref();
}

/** Stops the background dispatcher and waits for a run in progress (shutdown, tests). */
export async function stopWebhookDispatcher(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  while (running) await running;
}
