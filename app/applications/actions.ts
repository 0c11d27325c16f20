"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { applySchema, decisionSchema } from "@/lib/applications/schemas";
import { applyToProject, decideApplication, leaveProject, reopenApplication, withdrawApplication } from "@/lib/applications/service";
import { idSchema } from "@/lib/http/operation";
import { portalAction, projectPath, projectTarget, type Revalidation } from "@/lib/portal/action";

/**
 * Applying, withdrawing, deciding (and undoing a rejection) and leaving from the portal. Each parses with the API's schema
 * and calls the same service as the API, which checks every permission again.
 */

const everywhere: Revalidation[] = [["/", "layout"]];

export const applyAction = portalAction({
  signIn: projectPath(),
  args: z.tuple([projectTarget, applySchema]),
  run: async ([{ projectId }, input], { actor, meta }) => {
    await applyToProject(actor, projectId, input, meta);
    return (await getTranslations("applications.apply"))("sent");
  },
  revalidate: everywhere,
});

export const withdrawApplicationAction = portalAction({
  signIn: projectPath(),
  args: z.tuple([projectTarget, idSchema]),
  run: async ([{ projectId }, applicationId], { actor, meta }) => {
    await withdrawApplication(actor, projectId, applicationId, meta);
    return (await getTranslations("applications.withdraw"))("done");
  },
  revalidate: everywhere,
});

export const decideApplicationAction = portalAction({
  signIn: projectPath("/manage/applications"),
  args: z.tuple([projectTarget, idSchema, decisionSchema]),
  run: async ([{ projectId }, applicationId, input], { actor, meta }) => {
    await decideApplication(actor, projectId, applicationId, input, meta);
    return (await getTranslations("applications.decide"))(input.decision === "ACCEPT" ? "accepted" : "rejected");
  },
  revalidate: everywhere,
});

/** Undoes a rejection (the toast's Undo, or Reopen in the history) while its window lasts. */
export const reopenApplicationAction = portalAction({
  signIn: projectPath("/manage/applications"),
  args: z.tuple([projectTarget, idSchema]),
  run: async ([{ projectId }, applicationId], { actor, meta }) => {
    await reopenApplication(actor, projectId, applicationId, meta);
    return (await getTranslations("applications.decide"))("reopened");
  },
  revalidate: everywhere,
});

export const leaveProjectAction = portalAction({
  signIn: "/my-projects",
  args: z.tuple([projectTarget]),
  run: async ([{ projectId }], { actor, meta }) => {
    await leaveProject(actor, projectId, meta);
    return (await getTranslations("applications.leave"))("done");
  },
  revalidate: everywhere,
});
