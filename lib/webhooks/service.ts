import type { Actor, RequestMeta } from "../auth/actor";
import { auditContext } from "../auth/actor";
import { changedFields, recordAudit, type AuditContext } from "../audit-log/record";
import { PING_EVENT_TYPE } from "../audit-log/events";
import { db, type Tx } from "../db/client";
import type { Event, Webhook, WebhookDelivery } from "../db/generated/client";
import { Forbidden, NotFound, RuleViolation, ValidationFailed } from "../errors";
import { afterPosition, decodeCursor, NEWEST_FIRST, toPage } from "../http/pagination";
import { hasPlatformPermission } from "../permissions";
import { inProject } from "../projects/access";
import { seal } from "../secrets/sealing";
import { dispatchWebhooks } from "./dispatcher";
import { MAX_WEBHOOKS_PER_OWNER, type CreateWebhookInput, type DeliveryView, type UpdateWebhookInput, type WebhookView } from "./schemas";
import { newWebhookSecret, WEBHOOK_SECRET_PURPOSE } from "./secret";
import { refusedResolution } from "./target";

/**
 * Webhooks of a project (`webhooks.manage` in it) or of the platform (`webhooks.platform`), their
 * deliveries, redelivery and ping. A scope names which: `{ projectId }` or `{ projectId: null }`.
 */
export type WebhookScope = { projectId: string | null };

interface Opened {
  projectId: string | null;
  audit(meta: RequestMeta): AuditContext;
}

/**
 * Opens a scope for the caller: a project as inProject does (404 invisible, 403 without
 * `webhooks.manage`), or the platform (403 without `webhooks.platform`; tokens need its scopes).
 */
async function openScope(actor: Actor, scope: WebhookScope, client: Tx | typeof db = db): Promise<Opened> {
  if (scope.projectId === null) {
    if (!hasPlatformPermission(actor, "webhooks.platform"))
      throw new Forbidden("Platform webhooks need the webhooks.platform permission (tokens: the admin scope).");
    return { projectId: null, audit: (meta) => auditContext(actor, meta) };
  }
  const entry = await inProject(actor, scope.projectId, { permission: "webhooks.manage", client });
  return { projectId: entry.project.id, audit: entry.audit };
}

export function presentWebhook(row: Webhook): WebhookView {
  return {
    id: row.id,
    projectId: row.projectId,
    url: row.url,
    events: row.events,
    active: row.active,
    description: row.description,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentDelivery(row: WebhookDelivery & { event: Event }): DeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.event.type,
    attempt: row.attempt,
    status: row.status as DeliveryView["status"],
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    durationMs: row.durationMs,
    at: row.at.toISOString(),
    nextAttemptAt: row.status === "PENDING" ? row.nextAttemptAt.toISOString() : null,
    event: {
      id: row.event.id,
      type: row.event.type,
      occurredAt: row.event.occurredAt.toISOString(),
      projectId: row.event.projectId,
      actorId: row.event.actorId,
      data: row.event.data,
    },
  };
}

/** The scope's webhook (404 for another scope's, so ids of other projects say nothing). */
async function webhookIn(client: Tx | typeof db, opened: Opened, webhookId: string): Promise<Webhook> {
  const row = await client.webhook.findFirst({ where: { id: webhookId, projectId: opened.projectId } });
  if (!row) throw new NotFound("webhook");
  return row;
}

/** Refuses a host that does not resolve to public addresses (the URL's form is checked by the schema). */
async function requireReachableTarget(url: string) {
  const refused = await refusedResolution(url);
  if (refused) throw new ValidationFailed([{ path: "url", message: refused }]);
}

export async function listWebhooks(actor: Actor, scope: WebhookScope) {
  const opened = await openScope(actor, scope);
  const rows = await db.webhook.findMany({ where: { projectId: opened.projectId }, orderBy: NEWEST_FIRST });
  return { data: rows.map(presentWebhook), nextCursor: null };
}

export async function getWebhook(actor: Actor, scope: WebhookScope, webhookId: string) {
  const opened = await openScope(actor, scope);
  return presentWebhook(await webhookIn(db, opened, webhookId));
}

/** Creates a webhook; the answer carries its secret, which is never shown again. */
export async function createWebhook(actor: Actor, scope: WebhookScope, input: CreateWebhookInput, meta: RequestMeta) {
  await openScope(actor, scope);
  await requireReachableTarget(input.url);
  const secret = newWebhookSecret();
  return db.$transaction(async (tx) => {
    const opened = await openScope(actor, scope, tx);
    const count = await tx.webhook.count({ where: { projectId: opened.projectId } });
    if (count >= MAX_WEBHOOKS_PER_OWNER)
      throw new RuleViolation(`At most ${MAX_WEBHOOKS_PER_OWNER} webhooks; delete one first.`, "too_many_webhooks");
    const created = await tx.webhook.create({
      data: { projectId: opened.projectId, ...input, secretSealed: "", createdById: actor.userId },
    });
    // Sealed with the webhook's id as its subject: the sealed value opens for this webhook only.
    const row = await tx.webhook.update({
      where: { id: created.id },
      data: { secretSealed: seal(secret, { purpose: WEBHOOK_SECRET_PURPOSE, subject: created.id }) },
    });
    await recordAudit(tx, opened.audit(meta), {
      action: "webhook.create",
      targetType: "webhook",
      targetId: row.id,
      projectId: opened.projectId,
      changes: changedFields({}, { url: row.url, events: row.events, active: row.active }),
    });
    return { ...presentWebhook(row), secret };
  });
}

export async function updateWebhook(actor: Actor, scope: WebhookScope, webhookId: string, input: UpdateWebhookInput, meta: RequestMeta) {
  if (input.url) {
    await openScope(actor, scope);
    await requireReachableTarget(input.url);
  }
  return db.$transaction(async (tx) => {
    const opened = await openScope(actor, scope, tx);
    const before = await webhookIn(tx, opened, webhookId);
    // Switching a webhook on again starts it afresh: no failure run, no switch-off.
    const reactivated = input.active === true && !before.active;
    const row = await tx.webhook.update({
      where: { id: webhookId },
      data: { ...input, ...(reactivated ? { failingSince: null, disabledAt: null } : {}) },
    });
    const pick = (hook: Webhook) => ({ url: hook.url, events: hook.events, active: hook.active, description: hook.description });
    await recordAudit(tx, opened.audit(meta), {
      action: "webhook.update",
      targetType: "webhook",
      targetId: webhookId,
      projectId: opened.projectId,
      changes: changedFields(pick(before), pick(row)),
    });
    return presentWebhook(row);
  });
}

export async function deleteWebhook(actor: Actor, scope: WebhookScope, webhookId: string, meta: RequestMeta) {
  await db.$transaction(async (tx) => {
    const opened = await openScope(actor, scope, tx);
    const row = await webhookIn(tx, opened, webhookId);
    await tx.webhook.delete({ where: { id: webhookId } });
    await recordAudit(tx, opened.audit(meta), {
      action: "webhook.delete",
      targetType: "webhook",
      targetId: webhookId,
      projectId: opened.projectId,
      changes: { url: { before: row.url, after: null } },
    });
  });
}

/** A new secret, in force at once for every delivery sent from now on; shown only in this answer. */
export async function rotateWebhookSecret(actor: Actor, scope: WebhookScope, webhookId: string, meta: RequestMeta) {
  const secret = newWebhookSecret();
  return db.$transaction(async (tx) => {
    const opened = await openScope(actor, scope, tx);
    await webhookIn(tx, opened, webhookId);
    const row = await tx.webhook.update({
      where: { id: webhookId },
      data: { secretSealed: seal(secret, { purpose: WEBHOOK_SECRET_PURPOSE, subject: webhookId }) },
    });
    await recordAudit(tx, opened.audit(meta), {
      action: "webhook.rotate_secret",
      targetType: "webhook",
      targetId: webhookId,
      projectId: opened.projectId,
    });
    return { ...presentWebhook(row), secret };
  });
}

/** One row per attempt, newest first. */
export async function listDeliveries(actor: Actor, scope: WebhookScope, webhookId: string, query: { limit: number; cursor?: string }) {
  const opened = await openScope(actor, scope);
  await webhookIn(db, opened, webhookId);
  const rows = await db.webhookDelivery.findMany({
    where: { webhookId, ...afterPosition(decodeCursor(query.cursor)) },
    include: { event: true },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, presentDelivery);
}

/**
 * Sends a delivery's event again, as a new attempt with the same `webhook-id` (the event id), due
 * at once; the background dispatcher sends it within seconds.
 */
export async function redeliver(actor: Actor, scope: WebhookScope, webhookId: string, deliveryId: string, meta: RequestMeta) {
  const row = await db.$transaction(async (tx) => {
    const opened = await openScope(actor, scope, tx);
    await webhookIn(tx, opened, webhookId);
    const original = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, webhookId } });
    if (!original) throw new NotFound("delivery");
    const last = await tx.webhookDelivery.aggregate({ where: { webhookId, eventId: original.eventId }, _max: { attempt: true } });
    const delivery = await tx.webhookDelivery.create({
      data: { webhookId, eventId: original.eventId, attempt: (last._max.attempt ?? 0) + 1 },
      include: { event: true },
    });
    await recordAudit(tx, opened.audit(meta), {
      action: "webhook.redeliver",
      targetType: "webhook",
      targetId: webhookId,
      projectId: opened.projectId,
      changes: { eventId: { before: null, after: original.eventId } },
    });
    return delivery;
  });
  return presentDelivery(row);
}

/**
 * A test delivery of type `webhook.ping` to this webhook alone, sent at once; answers with the
 * delivery as it ended (SUCCEEDED or FAILED, with the receiver's status).
 */
export async function pingWebhook(actor: Actor, scope: WebhookScope, webhookId: string, meta: RequestMeta) {
  const opened = await openScope(actor, scope);
  const hook = await webhookIn(db, opened, webhookId);
  const delivery = await db.$transaction(async (tx) => {
    await recordAudit(tx, opened.audit(meta), {
      action: "webhook.ping",
      targetType: "webhook",
      targetId: hook.id,
      projectId: opened.projectId,
    });
    // Marked fanned out at once: a ping goes to this webhook only.
    const event = await tx.event.create({
      data: {
        type: PING_EVENT_TYPE,
        projectId: hook.projectId,
        actorId: actor.userId,
        data: { webhookId: hook.id },
        fannedOutAt: new Date(),
      },
    });
    return tx.webhookDelivery.create({ data: { webhookId: hook.id, eventId: event.id } });
  });
  await dispatchWebhooks({ webhookIds: [hook.id] });
  const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { event: true } });
  return presentDelivery(row);
}
