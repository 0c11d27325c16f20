"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { idSchema } from "@/lib/http/operation";
import { portalAction } from "@/lib/portal/action";
import { trustSchema } from "@/lib/projects/schemas";
import { setProjectTrust } from "@/lib/projects/trust";

// Set at the project version the reviewer read (If-Match in the API).
export const setTrustAction = portalAction({
  signIn: "/review",
  args: z.tuple([idSchema, z.int().min(1), trustSchema]),
  run: async ([projectId, version, input], { actor, meta }) => {
    await setProjectTrust(actor, projectId, input, version, meta);
    const t = await getTranslations("review.actions");
    return input.trusted ? t("trusted") : t("untrusted");
  },
  revalidate: [
    ["/review", "layout"],
    ["/projects", "layout"],
  ],
});
