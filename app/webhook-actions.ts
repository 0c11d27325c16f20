"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { idSchema } from "@/lib/http/operation";
import { portalAction } from "@/lib/portal/action";
import { createWebhookSchema } from "@/lib/webhooks/schemas";
import { createWebhook, deleteWebhook, pingWebhook, redeliver, rotateWebhookSecret, updateWebhook } from "@/lib/webhooks/service";

/**
 * The webhook actions of the portal, for a project's Webhooks tab and the staff console's platform
 * webhooks alike: the first argument names the scope (a project with its slug, or the platform
 * with both null), and the service decides who may act on it, as for the API.
 */
const scope = z.object({ projectId: idSchema.nullable(), slug: idSchema.nullable() });
type Scope = z.output<typeof scope>;

const pageOf = (target: { slug: string | null }) => (target.slug ? `/projects/${target.slug}/manage/webhooks` : "/admin/webhooks");
const declared = {
  signIn: (args: readonly unknown[]) => pageOf(scope.parse(args[0])),
  revalidate: ([target]: readonly [Scope, ...unknown[]]) => [pageOf(target)],
};
const texts = () => getTranslations("webhooks");

export const createWebhookAction = portalAction({
  ...declared,
  args: z.tuple([scope, createWebhookSchema]),
  run: async ([target, input], { actor, meta }) => {
    const created = await createWebhook(actor, { projectId: target.projectId }, input, meta);
    return { message: (await texts())("created"), data: { id: created.id, secret: created.secret } };
  },
});

export const setWebhookActiveAction = portalAction({
  ...declared,
  args: z.tuple([scope, idSchema, z.boolean()]),
  run: async ([target, webhookId, active], { actor, meta }) => {
    await updateWebhook(actor, { projectId: target.projectId }, webhookId, { active }, meta);
    return (await texts())(active ? "switchedOn" : "switchedOff");
  },
});

export const rotateWebhookSecretAction = portalAction({
  ...declared,
  args: z.tuple([scope, idSchema]),
  run: async ([target, webhookId], { actor, meta }) => {
    const rotated = await rotateWebhookSecret(actor, { projectId: target.projectId }, webhookId, meta);
    return { message: (await texts())("rotated"), data: { secret: rotated.secret } };
  },
});

/** An action on one webhook whose answer is only a message. */
const onWebhook = (service: typeof pingWebhook | typeof deleteWebhook, done: "pinged" | "deleted") =>
  portalAction({
    ...declared,
    args: z.tuple([scope, idSchema]),
    run: async ([target, webhookId], { actor, meta }) => {
      await service(actor, { projectId: target.projectId }, webhookId, meta);
      return (await texts())(done);
    },
  });

export const pingWebhookAction = onWebhook(pingWebhook, "pinged");
export const deleteWebhookAction = onWebhook(deleteWebhook, "deleted");

export const redeliverWebhookAction = portalAction({
  ...declared,
  args: z.tuple([scope, idSchema, idSchema]),
  run: async ([target, webhookId, deliveryId], { actor, meta }) => {
    await redeliver(actor, { projectId: target.projectId }, webhookId, deliveryId, meta);
    return (await texts())("redelivered");
  },
});
