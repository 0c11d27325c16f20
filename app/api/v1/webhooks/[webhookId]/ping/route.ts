import { handle, otherMethods } from "@/lib/http/route";
import { pingPlatformWebhookOperation } from "@/lib/webhooks/operations";
import { pingWebhook } from "@/lib/webhooks/service";

const PLATFORM = { projectId: null };

export const POST = handle(pingPlatformWebhookOperation, async ({ actor, params, meta }) => ({
  body: await pingWebhook(actor, PLATFORM, params.webhookId, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(pingPlatformWebhookOperation.path);
