import { handle, otherMethods } from "@/lib/http/route";
import { redeliverPlatformWebhookOperation } from "@/lib/webhooks/operations";
import { redeliver } from "@/lib/webhooks/service";

const PLATFORM = { projectId: null };

export const POST = handle(redeliverPlatformWebhookOperation, async ({ actor, params, meta }) => ({
  status: 202,
  body: await redeliver(actor, PLATFORM, params.webhookId, params.deliveryId, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(redeliverPlatformWebhookOperation.path);
