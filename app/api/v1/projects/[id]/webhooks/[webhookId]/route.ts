import { handle, otherMethods } from "@/lib/http/route";
import { deleteProjectWebhookOperation, getProjectWebhookOperation, updateProjectWebhookOperation } from "@/lib/webhooks/operations";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/webhooks/service";

export const GET = handle(getProjectWebhookOperation, async ({ actor, params }) => ({
  body: await getWebhook(actor, { projectId: params.id }, params.webhookId),
}));

export const PATCH = handle(updateProjectWebhookOperation, async ({ actor, params, body, meta }) => ({
  body: await updateWebhook(actor, { projectId: params.id }, params.webhookId, body, meta),
}));

export const DELETE = handle(deleteProjectWebhookOperation, async ({ actor, params, meta }) => {
  await deleteWebhook(actor, { projectId: params.id }, params.webhookId, meta);
  return { status: 204 };
});

export const { POST, PUT, OPTIONS } = otherMethods(getProjectWebhookOperation.path);
