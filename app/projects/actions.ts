"use server";

import { redirect } from "next/navigation";
import { portalRequestMeta, requirePortalActor } from "@/lib/auth/portal";
import { formFailure, type FormResult } from "@/lib/portal/form-result";
import { createProjectFormSchema } from "@/lib/projects/schemas";
import { createProject } from "@/lib/projects/service";
import { findActiveUserId } from "@/lib/users/service";

export async function createProjectAction(input: unknown): Promise<FormResult> {
  const actor = await requirePortalActor("/projects/new");
  const parsed = createProjectFormSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  const { ownerUsername, ...fields } = parsed.data;
  let slug: string;
  try {
    const ownerId = ownerUsername ? await findActiveUserId(ownerUsername) : undefined;
    if (ownerId === null) return { ok: false, message: "Please correct the highlighted fields.", fieldErrors: { ownerUsername: "There is no active account with this username." } };
    const project = await createProject(
      actor,
      { ...fields, ownerId, bannerUrl: null, logoUrl: null, websiteUrl: null, chatUrl: null, trailerUrl: null },
      await portalRequestMeta(),
    );
    slug = project.slug;
  } catch (error) {
    const failure = formFailure(error);
    // The service names the owner by id; the form asks for a username.
    if (failure.fieldErrors?.ownerId) failure.fieldErrors.ownerUsername = failure.fieldErrors.ownerId;
    return failure;
  }
  redirect(`/projects/${slug}/manage?created=1`);
}
