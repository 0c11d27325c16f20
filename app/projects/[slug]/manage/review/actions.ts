"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { manageWrite, portalAction, projectTarget } from "@/lib/portal/action";
import { changeStatusSchema } from "@/lib/reviews/schemas";
import { changeStatus } from "@/lib/reviews/service";

/**
 * The Review tab's action. Each parses with the API's schema and calls the same service as
 * the API, which checks every permission again.
 */

export const changeStatusAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, z.string(), z.string()]),
  run: async ([{ projectId }, status, reason], { actor, meta }) => {
    const input = changeStatusSchema.parse({ status, ...(reason.trim() ? { reason } : {}) });
    await changeStatus(actor, projectId, input, meta);
    const t = await getTranslations("manage.done.status");
    switch (input.status) {
      case "IN_REVIEW":
      case "DRAFT":
      case "ARCHIVED":
      case "REJECTED":
        return t(input.status);
      default:
        return t("other");
    }
  },
});
