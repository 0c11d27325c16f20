import { handle, otherMethods } from "@/lib/http/route";
import { deleteMessageOperation } from "@/lib/messages/operations";
import { deleteMessage } from "@/lib/messages/service";

export const DELETE = handle(deleteMessageOperation, async ({ actor, params, meta }) => {
  await deleteMessage(actor, params.id, params.messageId, meta);
  return { status: 204 };
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(deleteMessageOperation.path);
