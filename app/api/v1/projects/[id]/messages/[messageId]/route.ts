import { versionEtag } from "@/lib/http/etag";
import { handle, otherMethods } from "@/lib/http/route";
import { deleteMessageOperation, replaceMessageOperation } from "@/lib/messages/operations";
import { deleteMessage, updateMessage } from "@/lib/messages/service";

export const PUT = handle(replaceMessageOperation, async ({ actor, params, body, expectedVersion, meta }) => {
  const message = await updateMessage(actor, params.id, params.messageId, body, expectedVersion, meta);
  return { body: message, etag: versionEtag(message) };
});

export const DELETE = handle(deleteMessageOperation, async ({ actor, params, meta }) => {
  await deleteMessage(actor, params.id, params.messageId, meta);
  return { status: 204 };
});

export const { GET, POST, PATCH, OPTIONS } = otherMethods(deleteMessageOperation.path);
