import { handle, otherMethods } from "@/lib/http/route";
import { pingProjectWebhookOperation } from "@/lib/webhooks/operations";
import { pingWebhook } from "@/lib/webhooks/service";

export const POST = handle(pingProjectWebhookOperation, async ({ actor, params, meta }) => ({
  body: await pingWebhook(actor, { projectId: params.id }, params.webhookId, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(pingProjectWebhookOperation.path);
