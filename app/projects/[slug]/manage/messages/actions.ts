"use server";

import { z } from "zod";
import { done } from "@/lib/portal/answers";
import { idSchema } from "@/lib/http/operation";
import { messageInputSchema } from "@/lib/messages/schemas";
import { deleteMessage, postMessage, updateMessage } from "@/lib/messages/service";
import { manageWrite, portalAction, projectTarget } from "@/lib/portal/action";

/** The Messages tab's actions: the same schema and service as the API. */

const messages = manageWrite("/messages");
/** The announcement being edited and the revision the editor opened. */
const editedMessage = z.object({ messageId: idSchema, version: z.int().min(1) });

export const postMessageAction = portalAction({
  ...messages,
  args: z.tuple([projectTarget, messageInputSchema]),
  run: ([{ projectId }, input], { actor, meta }) => done(postMessage(actor, projectId, input, meta), "manage.messages.posted"),
});

export const updateMessageAction = portalAction({
  ...messages,
  args: z.tuple([projectTarget, editedMessage, messageInputSchema]),
  run: ([{ projectId }, { messageId, version }, input], { actor, meta }) =>
    done(updateMessage(actor, projectId, messageId, input, version, meta), "manage.messages.saved"),
});

export const deleteMessageAction = portalAction({
  ...messages,
  args: z.tuple([projectTarget, idSchema]),
  run: ([{ projectId }, messageId], { actor, meta }) => done(deleteMessage(actor, projectId, messageId, meta), "manage.messages.deleted"),
});
