"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { BadRequest, UnsupportedMediaType, ValidationFailed } from "@/lib/errors";
import { idSchema } from "@/lib/http/operation";
import { launcherSettingsSchema } from "@/lib/launcher/schemas";
import { updateLauncherSettings } from "@/lib/launcher/service";
import { addMemberSchema, roleDefinitionSchema } from "@/lib/members/schemas";
import {
  addMember,
  changeMemberRole,
  createRole,
  deleteRole,
  removeMember,
  searchMemberCandidates,
  transferOwnership,
  updateRole,
} from "@/lib/members/service";
import { portalAction, projectPath, projectTarget, type Revalidation } from "@/lib/portal/action";
import { IMAGE_KINDS, MAX_IMAGE_BYTES, uploadProjectImage } from "@/lib/projects/images";
import { presentationFormSchema, presentationFormToInput, updateModulesSchema, updateSettingsSchema } from "@/lib/projects/schemas";
import { deleteProject, updateModules, updatePresentation } from "@/lib/projects/service";
import { updateSettings } from "@/lib/projects/settings";
import { changeStatusSchema } from "@/lib/reviews/schemas";
import { changeStatus } from "@/lib/reviews/service";
import { findActiveUserId } from "@/lib/users/service";

/**
 * The partner's management actions. Each parses with the API's schema and calls the same
 * service as the API, which checks every permission again.
 */

const manage = {
  signIn: projectPath("/manage"),
  revalidate: ([target]: readonly [{ slug: string }, ...unknown[]]): Revalidation[] => [[`/projects/${target.slug}`, "layout"]],
};
const version = z.coerce.number().int();

export const savePresentationAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, presentationFormSchema]),
  run: async ([{ projectId }, input], { actor, meta }) => {
    const { project } = await updatePresentation(actor, projectId, presentationFormToInput(input), input.version, meta);
    return { message: (await getTranslations("manage.done"))("presentation"), data: { version: project.version } };
  },
});

export const uploadImageAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, z.instanceof(FormData)]),
  run: async ([{ projectId }, form], { actor, meta }) => {
    const kind = z.enum(IMAGE_KINDS).safeParse(form.get("kind"));
    const version = z.coerce.number().int().min(1).safeParse(form.get("version"));
    const file = form.get("file");
    if (!kind.success || !version.success || !(file instanceof File) || file.size === 0)
      throw new BadRequest("Choose an image file first.");
    if (file.size > MAX_IMAGE_BYTES) throw new BadRequest(`The image is too large: at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB.`);
    try {
      const image = { bytes: Buffer.from(await file.arrayBuffer()), contentType: file.type };
      const updated = await uploadProjectImage(actor, projectId, kind.data, image, version.data, meta);
      const url = kind.data === "logo" ? updated.body.logoUrl! : updated.body.bannerUrl!;
      const t = await getTranslations("manage.done");
      return { message: kind.data === "logo" ? t("logo") : t("banner"), data: { version: updated.project.version, url } };
    } catch (error) {
      if (error instanceof UnsupportedMediaType) throw new UnsupportedMediaType("a PNG, JPEG, GIF or WebP image");
      throw error;
    }
  },
});

export const addMemberAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, addMemberSchema]),
  run: async ([{ projectId }, input], { actor, meta }) => {
    await addMember(actor, projectId, input, meta);
    return (await getTranslations("manage.done"))("memberAdded", { username: input.username! });
  },
});

/** The add-member combobox's suggestions: a read, so nothing is revalidated. */
export const searchMemberCandidatesAction = portalAction({
  signIn: projectPath("/manage/team"),
  args: z.tuple([projectTarget, z.string().max(32)]),
  run: async ([{ projectId }, query], { actor }) => ({
    message: "",
    data: { users: await searchMemberCandidates(actor, projectId, query) },
  }),
});

export const changeMemberRoleAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, idSchema, idSchema]),
  run: async ([{ projectId }, userId, roleId], { actor, meta }) => {
    await changeMemberRole(actor, projectId, userId, roleId, meta);
    return (await getTranslations("manage.done"))("roleChanged");
  },
});

export const removeMemberAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, idSchema]),
  run: async ([{ projectId }, userId], { actor, meta }) => {
    await removeMember(actor, projectId, userId, meta);
    const t = await getTranslations("manage.done");
    return userId === actor.userId ? { message: t("left"), data: { left: true } } : { message: t("memberRemoved"), data: { left: false } };
  },
  redirect: (_, data) => (data?.left ? "/my-projects" : undefined),
});

export const transferOwnershipAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, z.string()]),
  run: async ([{ projectId }, username], { actor, meta }) => {
    const userId = await findActiveUserId(username);
    if (!userId) throw new ValidationFailed([{ path: "username", message: "There is no active account with this username." }]);
    await transferOwnership(actor, projectId, userId, meta);
    return (await getTranslations("manage.done"))("transferred", { username });
  },
});

export const saveRoleAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, idSchema.nullable(), roleDefinitionSchema]),
  run: async ([{ projectId }, roleId, input], { actor, meta }) => {
    if (roleId) await updateRole(actor, projectId, roleId, input, meta);
    else await createRole(actor, projectId, input, meta);
    const t = await getTranslations("manage.done");
    return roleId ? t("roleSaved") : t("roleCreated", { name: input.name });
  },
});

export const deleteRoleAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, idSchema, z.boolean()]),
  run: async ([{ projectId }, roleId, moveMembers], { actor, meta }) => {
    await deleteRole(actor, projectId, roleId, moveMembers ? "moveToMember" : "refuse", meta);
    return (await getTranslations("manage.done"))("roleDeleted");
  },
});

export const saveModulesAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, updateModulesSchema, version]),
  run: async ([{ projectId }, input, version], { actor, meta }) => {
    const { project } = await updateModules(actor, projectId, input.modules, version, meta);
    return { message: (await getTranslations("manage.done"))("modules"), data: { version: project.version } };
  },
});

export const saveSettingsAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, updateSettingsSchema, version]),
  run: async ([{ projectId }, input, version], { actor, meta }) => {
    const { project } = await updateSettings(actor, projectId, input, version, meta);
    return { message: (await getTranslations("manage.done"))("settings"), data: { version: project.version } };
  },
});

export const saveLauncherAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, launcherSettingsSchema]),
  run: async ([{ projectId }, input], { actor, meta }) => {
    await updateLauncherSettings(actor, projectId, input, meta);
    return (await getTranslations("manage.done"))("launcher");
  },
});

export const deleteProjectAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, version]),
  run: async ([{ projectId }, version], { actor, meta }) => {
    await deleteProject(actor, projectId, version, meta);
    return (await getTranslations("manage.done"))("deleted");
  },
  redirect: () => "/my-projects?deleted=1",
});

export const changeStatusAction = portalAction({
  ...manage,
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
