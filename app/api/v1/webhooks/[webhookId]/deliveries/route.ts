import { handle, otherMethods } from "@/lib/http/route";
import { listPlatformWebhookDeliveriesOperation } from "@/lib/webhooks/operations";
import { listDeliveries } from "@/lib/webhooks/service";

const PLATFORM = { projectId: null };

export const GET = handle(listPlatformWebhookDeliveriesOperation, async ({ actor, params, query }) => ({
  body: await listDeliveries(actor, PLATFORM, params.webhookId, query),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(listPlatformWebhookDeliveriesOperation.path);
