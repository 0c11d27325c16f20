"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { BadRequest } from "@/lib/errors";
import { manageWrite, portalAction, projectTarget } from "@/lib/portal/action";
import { IMAGE_FIELD, IMAGE_KINDS, MAX_IMAGE_BYTES, uploadProjectImage } from "@/lib/projects/images";
import { presentationFormSchema, presentationFormToInput } from "@/lib/projects/schemas";
import { updatePresentation } from "@/lib/projects/service";
import { savedAt } from "@/lib/portal/answers";

/**
 * The Presentation tab's actions. Each parses with the API's schema and calls the same service as
 * the API, which checks every permission again.
 */

export const savePresentationAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, presentationFormSchema]),
  run: ([{ projectId }, input], { actor, meta }) =>
    savedAt(updatePresentation(actor, projectId, presentationFormToInput(input), input.version, meta), "manage.done.presentation"),
});

export const uploadImageAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, z.instanceof(FormData)]),
  run: async ([{ projectId }, form], { actor, meta }) => {
    const kind = z.enum(IMAGE_KINDS).safeParse(form.get("kind"));
    const version = z.coerce.number().int().min(1).safeParse(form.get("version"));
    const file = form.get("file");
    if (!kind.success || !version.success || !(file instanceof File) || file.size === 0)
      throw new BadRequest("Choose an image file first.");
    if (file.size > MAX_IMAGE_BYTES) throw new BadRequest(`The image is too large: at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB.`);
    const image = { bytes: Buffer.from(await file.arrayBuffer()), contentType: file.type };
    const updated = await uploadProjectImage(actor, projectId, kind.data, image, version.data, meta);
    const t = await getTranslations("manage.done");
    return {
      message: kind.data === "logo" ? t("logo") : t("banner"),
      data: { version: updated.project.version, url: updated.body[IMAGE_FIELD[kind.data]] },
    };
  },
});

/** Removes the logo or the banner at the version the form holds, as `PATCH /projects/{id}` with the field set to null does. */
export const removeImageAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, z.enum(IMAGE_KINDS), z.int().min(1)]),
  run: async ([{ projectId }, kind, version], { actor, meta }) => {
    const { project } = await updatePresentation(actor, projectId, { [IMAGE_FIELD[kind]]: null }, version, meta);
    const t = await getTranslations("manage.done");
    return { message: kind === "logo" ? t("logoRemoved") : t("bannerRemoved"), data: { version: project.version, url: null } };
  },
});
