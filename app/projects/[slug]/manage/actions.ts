"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { portalRequestMeta, requirePortalActor } from "@/lib/auth/portal";
import { UnsupportedMediaType } from "@/lib/errors";
import { launcherSettingsSchema } from "@/lib/launcher/schemas";
import { changeStatusSchema } from "@/lib/reviews/schemas";
import { updateLauncherSettings } from "@/lib/launcher/service";
import { addMemberSchema, roleDefinitionSchema } from "@/lib/members/schemas";
import { addMember, changeMemberRole, createRole, deleteRole, removeMember, transferOwnership, updateRole } from "@/lib/members/service";
import { formFailure, type FormResult } from "@/lib/portal/form-result";
import { IMAGE_KINDS, MAX_IMAGE_BYTES, uploadProjectImage } from "@/lib/projects/images";
import { presentationFormSchema, presentationFormToInput, updateModulesSchema, updateSettingsSchema } from "@/lib/projects/schemas";
import { deleteProject, updateModules, updatePresentation, updateSettings } from "@/lib/projects/service";
import { changeStatus } from "@/lib/reviews/service";
import { findActiveUserId } from "@/lib/users/service";

/**
 * The partner's management actions. Each parses with the API's schema and calls the same
 * service as the API, which checks every permission again.
 */

const ids = z.object({ projectId: z.string().min(1).max(64), slug: z.string().min(1).max(64) });

async function run<T>(slug: string, work: () => Promise<T>, message: string): Promise<FormResult<T>> {
  try {
    const data = await work();
    revalidatePath(`/projects/${slug}`, "layout");
    return { ok: true, message, data };
  } catch (error) {
    return formFailure(error);
  }
}

async function context(target: unknown) {
  const { projectId, slug } = ids.parse(target);
  const actor = await requirePortalActor(`/projects/${slug}/manage`);
  return { projectId, slug, actor, meta: await portalRequestMeta() };
}

export async function savePresentationAction(target: unknown, input: unknown): Promise<FormResult<{ version: number }>> {
  const { projectId, slug, actor, meta } = await context(target);
  const parsed = presentationFormSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  return run(slug, async () => ({ version: (await updatePresentation(actor, projectId, presentationFormToInput(parsed.data), parsed.data.version, meta)).project.version }), "The presentation is saved.");
}

export async function uploadImageAction(target: unknown, formData: FormData): Promise<FormResult<{ version: number; url: string }>> {
  const { projectId, slug, actor, meta } = await context(target);
  const kind = z.enum(IMAGE_KINDS).safeParse(formData.get("kind"));
  const version = z.coerce.number().int().min(1).safeParse(formData.get("version"));
  const file = formData.get("file");
  if (!kind.success || !version.success || !(file instanceof File) || file.size === 0) return { ok: false, message: "Choose an image file first." };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, message: `The image is too large: at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB.` };
  return run(
    slug,
    async () => {
      try {
        const updated = await uploadProjectImage(actor, projectId, kind.data, { bytes: Buffer.from(await file.arrayBuffer()), contentType: file.type }, version.data, meta);
        return { version: updated.project.version, url: kind.data === "logo" ? updated.body.logoUrl! : updated.body.bannerUrl! };
      } catch (error) {
        if (error instanceof UnsupportedMediaType) throw new UnsupportedMediaType("a PNG, JPEG, GIF or WebP image");
        throw error;
      }
    },
    kind.data === "logo" ? "The logo is uploaded." : "The banner is uploaded.",
  );
}

export async function addMemberAction(target: unknown, input: unknown): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  const parsed = addMemberSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  return run(slug, async () => void (await addMember(actor, projectId, parsed.data, meta)), `${parsed.data.username} is on the team.`);
}

export async function changeMemberRoleAction(target: unknown, userId: string, roleId: string): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  return run(slug, async () => void (await changeMemberRole(actor, projectId, String(userId), String(roleId), meta)), "The role is changed.");
}

export async function removeMemberAction(target: unknown, userId: string): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  const leaving = userId === actor.userId;
  const result = await run(slug, async () => void (await removeMember(actor, projectId, String(userId), meta)), leaving ? "You left the project." : "The member is removed.");
  if (result.ok && leaving) redirect("/my-projects");
  return result;
}

export async function transferOwnershipAction(target: unknown, username: string): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  const userId = await findActiveUserId(String(username));
  if (!userId) return { ok: false, message: "Please correct the highlighted fields.", fieldErrors: { username: "There is no active account with this username." } };
  return run(slug, async () => void (await transferOwnership(actor, projectId, userId, meta)), `${username} is now the Owner.`);
}

export async function saveRoleAction(target: unknown, roleId: string | null, input: unknown): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  const parsed = roleDefinitionSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  return run(
    slug,
    async () => void (roleId ? await updateRole(actor, projectId, String(roleId), parsed.data, meta) : await createRole(actor, projectId, parsed.data, meta)),
    roleId ? "The role is saved." : `The role ${parsed.data.name} is created.`,
  );
}

export async function deleteRoleAction(target: unknown, roleId: string, moveMembers: boolean): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  return run(slug, async () => void (await deleteRole(actor, projectId, String(roleId), moveMembers ? "moveToMember" : "refuse", meta)), "The role is deleted.");
}

export async function saveModulesAction(target: unknown, input: unknown, version: number): Promise<FormResult<{ version: number }>> {
  const { projectId, slug, actor, meta } = await context(target);
  const parsed = updateModulesSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  return run(slug, async () => ({ version: (await updateModules(actor, projectId, parsed.data.modules, Number(version), meta)).project.version }), "Modules are saved.");
}

export async function saveSettingsAction(target: unknown, input: unknown, version: number): Promise<FormResult<{ version: number }>> {
  const { projectId, slug, actor, meta } = await context(target);
  const parsed = updateSettingsSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  return run(slug, async () => ({ version: (await updateSettings(actor, projectId, parsed.data, Number(version), meta)).project.version }), "Settings are saved.");
}

export async function saveLauncherAction(target: unknown, input: unknown): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  const parsed = launcherSettingsSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  return run(slug, async () => void (await updateLauncherSettings(actor, projectId, parsed.data, meta)), "The launcher integration is saved.");
}

export async function deleteProjectAction(target: unknown, version: number): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  const result = await run(slug, async () => void (await deleteProject(actor, projectId, Number(version), meta)), "The project is deleted.");
  if (result.ok) redirect("/my-projects?deleted=1");
  return result;
}

export async function changeStatusAction(target: unknown, status: string, reason: string): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  const parsed = changeStatusSchema.safeParse({ status, ...(reason.trim() ? { reason } : {}) });
  if (!parsed.success) return formFailure(parsed.error);
  return run(slug, async () => void (await changeStatus(actor, projectId, parsed.data, meta)), STATUS_MESSAGES[parsed.data.status] ?? "The status is changed.");
}

const STATUS_MESSAGES: Record<string, string> = {
  IN_REVIEW: "Submitted. The platform team reviews projects in the order they arrive.",
  DRAFT: "The project is a draft again.",
  ARCHIVED: "The project is archived.",
  REJECTED: "The project is taken down.",
};
