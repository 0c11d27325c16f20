import { handle, otherMethods } from "@/lib/http/route";
import { rotatePlatformWebhookSecretOperation } from "@/lib/webhooks/operations";
import { rotateWebhookSecret } from "@/lib/webhooks/service";

const PLATFORM = { projectId: null };

export const POST = handle(rotatePlatformWebhookSecretOperation, async ({ actor, params, meta }) => ({
  body: await rotateWebhookSecret(actor, PLATFORM, params.webhookId, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(rotatePlatformWebhookSecretOperation.path);
