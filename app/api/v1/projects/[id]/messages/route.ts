import { versionEtag } from "@/lib/http/etag";
import { created, handle, otherMethods } from "@/lib/http/route";
import { listMessagesOperation, createMessageOperation } from "@/lib/messages/operations";
import { listMessages, postMessage } from "@/lib/messages/service";

export const GET = handle(listMessagesOperation, async ({ actor, params, query }) => ({
  body: await listMessages(actor, params.id, query),
}));

export const POST = handle(createMessageOperation, async ({ actor, params, body, meta }) => {
  const message = await postMessage(actor, params.id, body, meta);
  return created(message, `/api/v1/projects/${params.id}/messages/${message.id}`, versionEtag(message));
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listMessagesOperation.path);
