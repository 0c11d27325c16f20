import { handle, otherMethods } from "@/lib/http/route";
import { rotateProjectWebhookSecretOperation } from "@/lib/webhooks/operations";
import { rotateWebhookSecret } from "@/lib/webhooks/service";

export const POST = handle(rotateProjectWebhookSecretOperation, async ({ actor, params, meta }) => ({
  body: await rotateWebhookSecret(actor, { projectId: params.id }, params.webhookId, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(rotateProjectWebhookSecretOperation.path);
