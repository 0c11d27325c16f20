"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { applySchema, decisionSchema } from "@/lib/applications/schemas";
import { applyToProject, decideApplication, leaveProject, withdrawApplication } from "@/lib/applications/service";
import { portalRequestMeta, requirePortalActor } from "@/lib/auth/portal";
import { formFailure, type FormResult } from "@/lib/portal/form-result";

/**
 * Applying, withdrawing, deciding and leaving from the portal. Each parses with the API's schema
 * and calls the same service as the API, which checks every permission again.
 */

const target = z.object({ projectId: z.string().min(1).max(64), slug: z.string().min(1).max(64) });
const applicationId = z.string().min(1).max(64);

async function run(returnTo: string, work: (actor: Awaited<ReturnType<typeof requirePortalActor>>, meta: Awaited<ReturnType<typeof portalRequestMeta>>) => Promise<unknown>, message: string): Promise<FormResult> {
  const actor = await requirePortalActor(returnTo);
  try {
    await work(actor, await portalRequestMeta());
    revalidatePath("/", "layout");
    return { ok: true, message };
  } catch (error) {
    return formFailure(error);
  }
}

export async function applyAction(project: unknown, input: unknown): Promise<FormResult> {
  const { projectId, slug } = target.parse(project);
  const parsed = applySchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  return run(`/projects/${slug}`, (actor, meta) => applyToProject(actor, projectId, parsed.data, meta), "Your application is sent. The team will decide.");
}

export async function withdrawApplicationAction(project: unknown, id: unknown): Promise<FormResult> {
  const { projectId, slug } = target.parse(project);
  return run(`/projects/${slug}`, (actor, meta) => withdrawApplication(actor, projectId, applicationId.parse(id), meta), "Your application is withdrawn.");
}

export async function decideApplicationAction(project: unknown, id: unknown, input: unknown): Promise<FormResult> {
  const { projectId, slug } = target.parse(project);
  const parsed = decisionSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  return run(
    `/projects/${slug}/manage/applications`,
    (actor, meta) => decideApplication(actor, projectId, applicationId.parse(id), parsed.data, meta),
    parsed.data.decision === "ACCEPT" ? "Accepted: the applicant is on the team." : "Rejected. The applicant sees your reason.",
  );
}

export async function leaveProjectAction(project: unknown): Promise<FormResult> {
  const { projectId } = target.parse(project);
  return run("/my-projects", (actor, meta) => leaveProject(actor, projectId, meta), "You left the project.");
}
