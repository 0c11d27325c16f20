import { created, handle, otherMethods } from "@/lib/http/route";
import { createPlatformWebhookOperation, listPlatformWebhooksOperation } from "@/lib/webhooks/operations";
import { createWebhook, listWebhooks } from "@/lib/webhooks/service";

const PLATFORM = { projectId: null };

export const GET = handle(listPlatformWebhooksOperation, async ({ actor }) => ({ body: await listWebhooks(actor, PLATFORM) }));

export const POST = handle(createPlatformWebhookOperation, async ({ actor, body, meta }) => {
  const webhook = await createWebhook(actor, PLATFORM, body, meta);
  return created(webhook, `${`/api/v1/webhooks`}/${webhook.id}`);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listPlatformWebhooksOperation.path);
