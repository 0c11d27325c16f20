import { created, handle, otherMethods } from "@/lib/http/route";
import { createProjectWebhookOperation, listProjectWebhooksOperation } from "@/lib/webhooks/operations";
import { createWebhook, listWebhooks } from "@/lib/webhooks/service";

export const GET = handle(listProjectWebhooksOperation, async ({ actor, params }) => ({
  body: await listWebhooks(actor, { projectId: params.id }),
}));

export const POST = handle(createProjectWebhookOperation, async ({ actor, params, body, meta }) => {
  const webhook = await createWebhook(actor, { projectId: params.id }, body, meta);
  return created(webhook, `${`/api/v1/projects/${params.id}/webhooks`}/${webhook.id}`);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listProjectWebhooksOperation.path);
