"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { portalRequestMeta, requirePortalActor } from "@/lib/auth/portal";
import { messageInputSchema } from "@/lib/messages/schemas";
import { deleteMessage, postMessage } from "@/lib/messages/service";
import { formFailure, type FormResult } from "@/lib/portal/form-result";

/** The Messages tab's actions: the same schema and service as the API. */

const target = z.object({ projectId: z.string().min(1).max(64), slug: z.string().min(1).max(64) });

async function context(input: unknown) {
  const { projectId, slug } = target.parse(input);
  const actor = await requirePortalActor(`/projects/${slug}/manage/messages`);
  return { projectId, slug, actor, meta: await portalRequestMeta() };
}

export async function postMessageAction(projectTarget: unknown, values: unknown): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(projectTarget);
  const parsed = messageInputSchema.safeParse(values);
  if (!parsed.success) return formFailure(parsed.error);
  try {
    await postMessage(actor, projectId, parsed.data, meta);
  } catch (error) {
    return formFailure(error);
  }
  revalidatePath(`/projects/${slug}`, "layout");
  return { ok: true, message: "The announcement is posted. The team has been notified." };
}

export async function deleteMessageAction(projectTarget: unknown, messageId: unknown): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(projectTarget);
  try {
    await deleteMessage(actor, projectId, z.string().min(1).max(64).parse(messageId), meta);
  } catch (error) {
    return formFailure(error);
  }
  revalidatePath(`/projects/${slug}`, "layout");
  return { ok: true, message: "The announcement is deleted." };
}
