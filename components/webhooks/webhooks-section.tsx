import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { EVENT_TYPES } from "@/lib/audit-log/events";
import type { Actor } from "@/lib/auth/actor";
import type { FormResult } from "@/lib/portal/form-result";
import type { WebhookFormValues } from "@/lib/webhooks/schemas";
import { listDeliveries, listWebhooks } from "@/lib/webhooks/service";
import { WebhookManager } from "./webhook-manager";

/** How many attempts each webhook shows (the API pages through all of them). */
const SHOWN_DELIVERIES = 10;

type Target = { projectId: string | null; slug: string | null };

/** The server actions of app/webhook-actions.ts, which the page hands down (components never import from app/). */
export interface WebhookServerActions {
  createWebhookAction: (target: Target, input: WebhookFormValues) => Promise<FormResult<{ id: string; secret: string }>>;
  setWebhookActiveAction: (target: Target, webhookId: string, active: boolean) => Promise<FormResult>;
  rotateWebhookSecretAction: (target: Target, webhookId: string) => Promise<FormResult<{ secret: string }>>;
  pingWebhookAction: (target: Target, webhookId: string) => Promise<FormResult>;
  deleteWebhookAction: (target: Target, webhookId: string) => Promise<FormResult>;
  redeliverWebhookAction: (target: Target, webhookId: string, deliveryId: string) => Promise<FormResult>;
}

/**
 * The webhooks of a project (`slug` and `projectId`) or of the platform (both null), with their
 * latest deliveries and the actions bound to that scope: the Webhooks tab and the staff console
 * render the same section.
 */
export async function WebhooksSection({ actor, target, actions }: { actor: Actor; target: Target; actions: WebhookServerActions }) {
  const scope = { projectId: target.projectId };
  const [list, t] = await Promise.all([listWebhooks(actor, scope), getTranslations("webhooks")]);
  const webhooks = await Promise.all(
    list.data.map(async (webhook) => ({
      ...webhook,
      deliveries: (await listDeliveries(actor, scope, webhook.id, { limit: SHOWN_DELIVERIES })).data,
    })),
  );
  const platform = target.projectId === null;
  return (
    <Card title={t(platform ? "platformTitle" : "title")} description={t(platform ? "platformDescription" : "description")}>
      <WebhookManager
        webhooks={webhooks}
        eventTypes={Object.keys(EVENT_TYPES)}
        actions={{
          create: actions.createWebhookAction.bind(null, target),
          setActive: actions.setWebhookActiveAction.bind(null, target),
          rotate: actions.rotateWebhookSecretAction.bind(null, target),
          ping: actions.pingWebhookAction.bind(null, target),
          remove: actions.deleteWebhookAction.bind(null, target),
          redeliver: actions.redeliverWebhookAction.bind(null, target),
        }}
      />
    </Card>
  );
}
