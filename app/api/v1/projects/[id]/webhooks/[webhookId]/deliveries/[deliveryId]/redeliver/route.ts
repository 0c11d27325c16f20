import { handle, otherMethods } from "@/lib/http/route";
import { redeliverProjectWebhookOperation } from "@/lib/webhooks/operations";
import { redeliver } from "@/lib/webhooks/service";

export const POST = handle(redeliverProjectWebhookOperation, async ({ actor, params, meta }) => ({
  status: 202,
  body: await redeliver(actor, { projectId: params.id }, params.webhookId, params.deliveryId, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(redeliverProjectWebhookOperation.path);
