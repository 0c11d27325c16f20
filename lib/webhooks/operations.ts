import type { z } from "zod";
import { guardedBy, idParams, operationsOf, pageOf, pathIds, problem } from "../http/operation";
import { paginationQuerySchema } from "../http/pagination";
import { createWebhookSchema, deliverySchema, updateWebhookSchema, webhookSchema, webhookWithSecretSchema } from "./schemas";

/**
 * The same endpoints serve a project's webhooks (`/projects/{id}/webhooks`, `webhooks.manage`) and
 * the platform's (`/webhooks`, `webhooks.platform`): one table, two prefixes.
 */
function webhookOperations<P extends z.ZodType | undefined, O extends z.ZodType, D extends z.ZodType>(owner: {
  prefix: string;
  /** The path parameters of the list, of one webhook, and of one of its deliveries. */
  params: P;
  one: O;
  delivery: D;
  who: string;
  notFound: string;
}) {
  const { prefix, who, one } = owner;
  const webhooks = operationsOf("Webhooks").signedIn;
  const notFound = problem(owner.notFound);
  const refused = problem("A refused URL or an unknown event type");
  return {
    list: webhooks.get(prefix, {
      summary: `List the webhooks (${who})`,
      params: owner.params as Exclude<P, undefined>,
      responses: {
        200: pageOf("Webhooks, newest first", webhookSchema),
        ...guardedBy(who, notFound),
      },
    }),
    create: webhooks.post(prefix, {
      summary: `Create a webhook (${who})`,
      description:
        "An https URL whose host resolves to public addresses only (private, loopback, link-local, unique-local and metadata addresses are refused, except hosts in WEBHOOKS_ALLOW_HOSTS), the event types or `*`. The answer carries the signing secret, shown only here.",
      params: owner.params as Exclude<P, undefined>,
      body: createWebhookSchema,
      idempotent: true,
      responses: {
        201: { description: "The webhook and its secret", schema: webhookWithSecretSchema, headers: ["Location"] },
        400: refused,
        ...guardedBy(who, notFound),
        422: problem("Too many webhooks"),
      },
    }),
    get: webhooks.get(`${prefix}/{webhookId}`, {
      summary: "One webhook",
      params: one,
      responses: { 200: { description: "The webhook", schema: webhookSchema }, ...guardedBy(who, notFound) },
    }),
    update: webhooks.patch(`${prefix}/{webhookId}`, {
      summary: "Change a webhook: URL, events, on or off, description",
      description: "Switching a webhook on again clears its failure run.",
      params: one,
      body: updateWebhookSchema,
      responses: {
        200: { description: "The webhook", schema: webhookSchema },
        400: refused,
        ...guardedBy(who, notFound),
      },
    }),
    delete: webhooks.delete(`${prefix}/{webhookId}`, {
      summary: "Delete a webhook and its delivery log",
      params: one,
      responses: { 204: { description: "Deleted" }, ...guardedBy(who, notFound) },
    }),
    rotate: webhooks.post(`${prefix}/{webhookId}/rotate-secret`, {
      summary: "Replace the signing secret",
      description: "The new secret signs every delivery from now on and is shown only in this answer.",
      params: one,
      responses: { 200: { description: "The webhook and its new secret", schema: webhookWithSecretSchema }, 404: notFound },
    }),
    deliveries: webhooks.get(`${prefix}/{webhookId}/deliveries`, {
      summary: "The delivery log: one row per attempt, newest first",
      params: one,
      query: paginationQuerySchema,
      responses: { 200: pageOf("Attempts", deliverySchema), 404: notFound },
    }),
    redeliver: webhooks.post(`${prefix}/{webhookId}/deliveries/{deliveryId}/redeliver`, {
      summary: "Send a delivery's event again",
      description: "A new attempt with the same `webhook-id` (the event id), sent within seconds.",
      params: owner.delivery,
      responses: { 202: { description: "The new attempt, PENDING", schema: deliverySchema }, 404: notFound },
    }),
    ping: webhooks.post(`${prefix}/{webhookId}/ping`, {
      summary: "Send a test delivery (type webhook.ping) now",
      params: one,
      responses: { 200: { description: "The attempt as it ended", schema: deliverySchema }, 404: notFound },
    }),
  };
}

const project = webhookOperations({
  prefix: "/api/v1/projects/{id}/webhooks",
  params: idParams,
  one: pathIds("id", "webhookId"),
  delivery: pathIds("id", "webhookId", "deliveryId"),
  who: "webhooks.manage in the project",
  notFound: "No such project or webhook, or not visible to you",
});
const platform = webhookOperations({
  prefix: "/api/v1/webhooks",
  params: undefined,
  one: pathIds("webhookId"),
  delivery: pathIds("webhookId", "deliveryId"),
  who: "webhooks.platform; tokens: the admin scope",
  notFound: "No such platform webhook",
});

export const listProjectWebhooksOperation = project.list;
export const createProjectWebhookOperation = project.create;
export const getProjectWebhookOperation = project.get;
export const updateProjectWebhookOperation = project.update;
export const deleteProjectWebhookOperation = project.delete;
export const rotateProjectWebhookSecretOperation = project.rotate;
export const listProjectWebhookDeliveriesOperation = project.deliveries;
export const redeliverProjectWebhookOperation = project.redeliver;
export const pingProjectWebhookOperation = project.ping;

export const listPlatformWebhooksOperation = { ...platform.list, scope: "admin" as const };
export const createPlatformWebhookOperation = platform.create;
export const getPlatformWebhookOperation = { ...platform.get, scope: "admin" as const };
export const updatePlatformWebhookOperation = platform.update;
export const deletePlatformWebhookOperation = platform.delete;
export const rotatePlatformWebhookSecretOperation = platform.rotate;
export const listPlatformWebhookDeliveriesOperation = { ...platform.deliveries, scope: "admin" as const };
export const redeliverPlatformWebhookOperation = platform.redeliver;
export const pingPlatformWebhookOperation = platform.ping;
