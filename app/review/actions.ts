"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { portalRequestMeta, requirePortalActor } from "@/lib/auth/portal";
import { formFailure, type FormResult } from "@/lib/portal/form-result";
import { decisionSchema } from "@/lib/reviews/schemas";
import { claimReview, decideReview, releaseClaim } from "@/lib/reviews/service";

const projectId = z.string().min(1).max(64);

export async function claimAction(id: string, release: boolean): Promise<FormResult> {
  const actor = await requirePortalActor("/review");
  const parsed = projectId.safeParse(id);
  if (!parsed.success) return formFailure(parsed.error);
  try {
    if (release) await releaseClaim(actor, parsed.data, await portalRequestMeta());
    else await claimReview(actor, parsed.data, await portalRequestMeta());
    revalidatePath("/review", "layout");
    return { ok: true, message: release ? "Claim released." : "You have claimed this project." };
  } catch (error) {
    return formFailure(error);
  }
}

export async function decideAction(id: string, input: unknown): Promise<FormResult> {
  const actor = await requirePortalActor("/review");
  const parsed = decisionSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  try {
    // No revalidation: the page would re-render under the form and drop its outcome. The queue
    // and history are dynamic pages, fetched fresh on the next visit.
    const result = await decideReview(actor, projectId.parse(id), parsed.data, await portalRequestMeta());
    return { ok: true, message: result.status === "PUBLISHED" ? "Approved: the project is published." : "Rejected: the team sees your public reason." };
  } catch (error) {
    return formFailure(error);
  }
}
