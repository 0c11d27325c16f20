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

// No revalidation: the page would re-render under the form and drop its outcome. The queue and
// history are dynamic pages, fetched fresh on the next visit.
export const decideAction = portalAction({
  signIn: "/review",
  args: z.tuple([idSchema, decisionSchema]),
  run: async ([projectId, input], { actor, meta }) => {
    const result = await decideReview(actor, projectId, input, meta);
    return result.status === "PUBLISHED" ? "Approved: the project is published." : "Rejected: the team sees your public reason.";
  },
});
