import { handle, otherMethods } from "@/lib/http/route";
import { deletePlatformWebhookOperation, getPlatformWebhookOperation, updatePlatformWebhookOperation } from "@/lib/webhooks/operations";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/webhooks/service";

const PLATFORM = { projectId: null };

export const GET = handle(getPlatformWebhookOperation, async ({ actor, params }) => ({
  body: await getWebhook(actor, PLATFORM, params.webhookId),
}));

export const PATCH = handle(updatePlatformWebhookOperation, async ({ actor, params, body, meta }) => ({
  body: await updateWebhook(actor, PLATFORM, params.webhookId, body, meta),
}));

export const DELETE = handle(deletePlatformWebhookOperation, async ({ actor, params, meta }) => {
  await deleteWebhook(actor, PLATFORM, params.webhookId, meta);
  return { status: 204 };
});

export const { POST, PUT, OPTIONS } = otherMethods(getPlatformWebhookOperation.path);
