"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { idSchema } from "@/lib/http/operation";
import { portalAction } from "@/lib/portal/action";
import { releaseDecisionSchema } from "@/lib/releases/schemas";
import { decideRelease } from "@/lib/reviews/release-review";

// Decided on the revision the reviewer read (If-Match in the API): a release changed since is refused, not decided unseen.
export const decideReleaseAction = portalAction({
  signIn: "/review?kind=RELEASE",
  args: z.tuple([idSchema, z.int().min(1), releaseDecisionSchema]),
  run: async ([releaseId, revision, input], { actor, meta }) => {
    const { body } = await decideRelease(actor, releaseId, input, revision, meta);
    const t = await getTranslations("review.actions");
    return body.state === "PUBLISHED" ? t("releaseApproved") : t("releaseRejected");
  },
  revalidate: [
    ["/review", "layout"],
    ["/projects", "layout"],
  ],
});
