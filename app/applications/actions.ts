"use server";

import { z } from "zod";
import { done } from "@/lib/portal/answers";
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
  run: ([{ projectId }, input], { actor, meta }) => done(applyToProject(actor, projectId, input, meta), "applications.apply.sent"),
  revalidate: everywhere,
});

export const withdrawApplicationAction = portalAction({
  signIn: projectPath(),
  args: z.tuple([projectTarget, idSchema]),
  run: ([{ projectId }, applicationId], { actor, meta }) =>
    done(withdrawApplication(actor, projectId, applicationId, meta), "applications.withdraw.done"),
  revalidate: everywhere,
});

export const decideApplicationAction = portalAction({
  signIn: projectPath("/manage/applications"),
  args: z.tuple([projectTarget, idSchema, decisionSchema]),
  run: ([{ projectId }, applicationId, input], { actor, meta }) =>
    done(
      decideApplication(actor, projectId, applicationId, input, meta),
      input.decision === "ACCEPT" ? "applications.decide.accepted" : "applications.decide.rejected",
    ),
  revalidate: everywhere,
});

/** Undoes a rejection (the toast's Undo, or Reopen in the history) while its window lasts. */
export const reopenApplicationAction = portalAction({
  signIn: projectPath("/manage/applications"),
  args: z.tuple([projectTarget, idSchema]),
  run: ([{ projectId }, applicationId], { actor, meta }) =>
    done(reopenApplication(actor, projectId, applicationId, meta), "applications.decide.reopened"),
  revalidate: everywhere,
});

export const leaveProjectAction = portalAction({
  signIn: "/my-projects",
  args: z.tuple([projectTarget]),
  run: ([{ projectId }], { actor, meta }) => done(leaveProject(actor, projectId, meta), "applications.leave.done"),
  revalidate: everywhere,
});
