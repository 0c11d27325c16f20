"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { idSchema } from "@/lib/http/operation";
import { portalAction } from "@/lib/portal/action";
import { acknowledgeSchema, decisionSchema } from "@/lib/reviews/schemas";
import { acknowledgeChanges, claimReview, decideReview, releaseClaim } from "@/lib/reviews/service";

export const claimAction = portalAction({
  signIn: "/review",
  args: z.tuple([idSchema, z.boolean()]),
  run: async ([projectId, release], { actor, meta }) => {
    if (release) await releaseClaim(actor, projectId, meta);
    else await claimReview(actor, projectId, meta);
    const t = await getTranslations("review.actions");
    return release ? t("released") : t("claimed");
  },
  revalidate: [["/review", "layout"]],
});

// The page refreshes under the form (revalidation): status, past reviews and history follow the
// decision at once, while the decision panel keeps its outcome (components/review/decision-form.tsx).
export const decideAction = portalAction({
  signIn: "/review",
  args: z.tuple([idSchema, decisionSchema]),
  run: async ([projectId, input], { actor, meta }) => {
    const result = await decideReview(actor, projectId, input, meta);
    const t = await getTranslations("review.actions");
    const outcome = result.status === "PUBLISHED" ? t("approved") : t("rejected");
    return result.claimedByDecision ? `${outcome} ${t("claimedByDecision")}` : outcome;
  },
  revalidate: [
    ["/review", "layout"],
    ["/projects", "layout"],
  ],
});

// Pinned to the version the reviewer read (If-Match in the API): a change made since fails instead of being acknowledged unseen.
export const acknowledgeAction = portalAction({
  signIn: "/review",
  args: z.tuple([idSchema, z.int().min(1), z.string()]),
  run: async ([projectId, version, note], { actor, meta }) => {
    await acknowledgeChanges(actor, projectId, acknowledgeSchema.parse({ internalNote: note.trim() || undefined }), meta, version);
    return (await getTranslations("review.changes"))("acknowledged");
  },
  revalidate: [["/review", "layout"]],
});
