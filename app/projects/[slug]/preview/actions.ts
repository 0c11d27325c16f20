"use server";

import { z } from "zod";
import { applySchema } from "@/lib/applications/schemas";
import { RuleViolation } from "@/lib/errors";
import { idSchema } from "@/lib/http/operation";
import { portalAction, projectPath, projectTarget } from "@/lib/portal/action";

/**
 * The preview's buttons (Follow, Apply, Withdraw) look as they will, but whoever previews is not
 * the person shown: pressing one changes nothing and says so.
 */
function previewOnly(): never {
  throw new RuleViolation("This is a preview: nothing is sent or saved.", "preview_only");
}

export const previewFollowAction = portalAction({
  signIn: projectPath("/preview"),
  args: z.tuple([projectTarget, z.boolean()]),
  run: async () => previewOnly(),
});

export const previewApplyAction = portalAction({
  signIn: projectPath("/preview"),
  args: z.tuple([projectTarget, applySchema]),
  run: async () => previewOnly(),
});

export const previewWithdrawAction = portalAction({
  signIn: projectPath("/preview"),
  args: z.tuple([projectTarget, idSchema]),
  run: async () => previewOnly(),
});
