"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { idSchema } from "@/lib/http/operation";
import { messageInputSchema } from "@/lib/messages/schemas";
import { deleteMessage, postMessage } from "@/lib/messages/service";
import { manageWrite, portalAction, projectTarget } from "@/lib/portal/action";

/** The Messages tab's actions: the same schema and service as the API. */

const messages = manageWrite("/messages");

export const postMessageAction = portalAction({
  ...messages,
  args: z.tuple([projectTarget, messageInputSchema]),
  run: async ([{ projectId }, input], { actor, meta }) => {
    await postMessage(actor, projectId, input, meta);
    return (await getTranslations("manage.messages"))("posted");
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
