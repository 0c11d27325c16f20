"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
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
  run: async ([{ projectId }, input], { actor, meta }) => {
    await postMessage(actor, projectId, input, meta);
    return (await getTranslations("manage.messages"))("posted");
  },
});

export const updateMessageAction = portalAction({
  ...messages,
  args: z.tuple([projectTarget, editedMessage, messageInputSchema]),
  run: async ([{ projectId }, { messageId, version }, input], { actor, meta }) => {
    await updateMessage(actor, projectId, messageId, input, version, meta);
    return (await getTranslations("manage.messages"))("saved");
  },
});

export const deleteMessageAction = portalAction({
  ...messages,
  args: z.tuple([projectTarget, idSchema]),
  run: async ([{ projectId }, messageId], { actor, meta }) => {
    await deleteMessage(actor, projectId, messageId, meta);
    return (await getTranslations("manage.messages"))("deleted");
  },
});
