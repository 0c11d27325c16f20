import { handle, otherMethods } from "@/lib/http/route";
import { listProjectWebhookDeliveriesOperation } from "@/lib/webhooks/operations";
import { listDeliveries } from "@/lib/webhooks/service";

export const GET = handle(listProjectWebhookDeliveriesOperation, async ({ actor, params, query }) => ({
  body: await listDeliveries(actor, { projectId: params.id }, params.webhookId, query),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(listProjectWebhookDeliveriesOperation.path);
