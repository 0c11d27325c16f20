"use server";

import { z } from "zod";
import { idSchema } from "@/lib/http/operation";
import { portalAction } from "@/lib/portal/action";
import { decisionSchema } from "@/lib/reviews/schemas";
import { claimReview, decideReview, releaseClaim } from "@/lib/reviews/service";

export const claimAction = portalAction({
  signIn: "/review",
  args: z.tuple([idSchema, z.boolean()]),
  run: async ([projectId, release], { actor, meta }) => {
    if (release) await releaseClaim(actor, projectId, meta);
    else await claimReview(actor, projectId, meta);
    return release ? "Claim released." : "You have claimed this project.";
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
    const outcome = result.status === "PUBLISHED" ? "Approved: the project is published." : "Rejected: the team sees your public reason.";
    return result.claimedByDecision ? `${outcome} You had not claimed this project: nobody else had, so your decision claimed it.` : outcome;
  },
  revalidate: [["/review", "layout"], ["/projects", "layout"]],
});
