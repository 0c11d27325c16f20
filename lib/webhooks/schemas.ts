import { z } from "zod";
import { EVENT_TYPES, PING_EVENT_TYPE } from "../audit-log/events";
import { paginationQuerySchema } from "../http/pagination";
import { refusedUrl } from "./target-rules";

/** Webhook fields, shared by the API, the portal's forms and the OpenAPI document. */

export const MAX_WEBHOOKS_PER_OWNER = 20;
const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as [keyof typeof EVENT_TYPES, ...(keyof typeof EVENT_TYPES)[]];

const urlSchema = z
  .string()
  .trim()
  .max(2000, "Use at most 2,000 characters.")
  .superRefine((value, context) => {
    const refused = refusedUrl(value);
    if (refused) context.addIssue({ code: "custom", message: refused });
  });

const eventsSchema = z
  .array(z.union([z.literal("*"), z.enum(EVENT_TYPE_NAMES)]), { error: "Name event types, or * for all." })
  .min(1, "Choose at least one event, or * for all.")
  .max(EVENT_TYPE_NAMES.length)
  .transform((events) => (events.includes("*") ? ["*"] : [...new Set(events)].sort()));

const webhookFields = {
  url: z.string().trim().min(1, "Enter the URL that receives the deliveries.").max(2000, "Use at most 2,000 characters."),
  events: eventsSchema,
  active: z.boolean().default(true),
  description: z.string().trim().max(200, "Use at most 200 characters.").default(""),
};

/**
 * The portal's form in the browser: the target rules depend on the server's WEBHOOKS_ALLOW_HOSTS,
 * so the browser leaves the URL to the server (the action parses with createWebhookSchema).
 */
export const webhookFormSchema = z.strictObject(webhookFields);
export type WebhookFormValues = z.input<typeof webhookFormSchema>;

export const createWebhookSchema = z.strictObject({ ...webhookFields, url: urlSchema });
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .strictObject({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    active: z.boolean().optional(),
    description: z.string().trim().max(200, "Use at most 200 characters.").optional(),
  })
  .refine((input) => Object.keys(input).length > 0, "Change at least one field.");
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  projectId: z.string().nullable().describe("Null for a platform-wide webhook."),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  description: z.string(),
  failingSince: z.iso.datetime().nullable(),
  disabledAt: z.iso.datetime().nullable().describe("When the webhook was switched off for failing too long."),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookView = z.infer<typeof webhookSchema>;

export const webhookWithSecretSchema = webhookSchema.extend({
  secret: z.string().describe("The signing secret (`whsec_` + base64), shown only in this answer."),
});

export const deliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.string(),
  attempt: z.int(),
  status: z.enum(["PENDING", "SUCCEEDED", "FAILED"]),
  responseStatus: z.int().nullable(),
  /** The start of the answer (2 KiB), or why it was not sent. */
  responseBody: z.string().nullable(),
  durationMs: z.int().nullable(),
  at: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime().nullable().describe("When a PENDING attempt is due."),
  /** What was sent: the event as the body's `data`. */
  event: z.object({
    id: z.string(),
    type: z.string(),
    occurredAt: z.iso.datetime(),
    projectId: z.string().nullable(),
    actorId: z.string().nullable(),
    data: z.unknown(),
  }),
});
export type DeliveryView = z.infer<typeof deliverySchema>;

export const listDeliveriesQuerySchema = paginationQuerySchema;

/** The body of every delivery, for the OpenAPI document's `webhooks` section. */
export function eventPayloadSchema(type: string) {
  return z.object({
    type: z.literal(type),
    timestamp: z.iso.datetime(),
    data: z.object({
      id: z.string().describe("The event id, also sent as `webhook-id`."),
      type: z.literal(type),
      occurredAt: z.iso.datetime(),
      projectId: z.string().nullable(),
      actorId: z.string().nullable(),
      data: z.record(z.string(), z.unknown()).describe("The affected ids, and `changes` ({field: {before, after}}) where fields changed."),
    }),
  });
}

export const ALL_DELIVERED_TYPES = [...EVENT_TYPE_NAMES, PING_EVENT_TYPE];
