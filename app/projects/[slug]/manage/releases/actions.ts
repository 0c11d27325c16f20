"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { done } from "@/lib/portal/answers";
import { deleteFile } from "@/lib/downloads/service";
import { idSchema } from "@/lib/http/operation";
import { manageWrite, portalAction, projectPath, projectTarget } from "@/lib/portal/action";
import { changelogPreviewSchema, createReleaseSchema, updateReleaseSchema } from "@/lib/releases/schemas";
import { createRelease, deleteRelease, renderChangelog, submitRelease, updateRelease } from "@/lib/releases/service";

/**
 * The Releases and Files tabs' actions, through the one server-action wrapper: each parses with
 * the API's schema and calls the same service as the API, which checks every permission again.
 * (Uploads go from the browser straight to the API, streamed.)
 */

const manage = manageWrite("/releases");
const revision = z.coerce.number().int().min(1);

export const createReleaseAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, createReleaseSchema]),
  run: async ([{ projectId }, input], { actor, meta }) => {
    const { body } = await createRelease(actor, projectId, input, meta);
    return { message: (await getTranslations("releases.done"))("created", { version: input.version }), data: { id: body.id } };
  },
});

export const updateReleaseAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, idSchema, revision, updateReleaseSchema]),
  run: async ([{ projectId }, releaseId, expected, input], { actor, meta }) => {
    await updateRelease(actor, projectId, releaseId, input, expected, meta);
    const t = await getTranslations("releases.done");
    return input.state === "PUBLISHED"
      ? t("published")
      : input.state === "YANKED"
        ? t("yanked")
        : input.state === "DRAFT"
          ? t("backToDraft")
          : t("saved");
  },
});

/** A move of a release at the revision the page showed: the service, and the message it ends with. */
const atRevision = (move: typeof submitRelease | typeof deleteRelease, done: "submitted" | "deleted") =>
  portalAction({
    ...manage,
    args: z.tuple([projectTarget, idSchema, revision]),
    run: async ([{ projectId }, releaseId, expected], { actor, meta }) => {
      await move(actor, projectId, releaseId, expected, meta);
      return (await getTranslations("releases.done"))(done);
    },
  });

/** Release review: the draft goes to the platform team at the revision the page showed. */
export const submitReleaseAction = atRevision(submitRelease, "submitted");
export const deleteReleaseAction = atRevision(deleteRelease, "deleted");

/** The changelog editor's preview, rendered by the same renderer and sanitizer as the project page. */
export const previewChangelogAction = portalAction({
  signIn: projectPath("/manage/releases"),
  args: z.tuple([projectTarget, changelogPreviewSchema]),
  run: async ([, { changelog }]) => ({ message: "", data: { html: renderChangelog(changelog) } }),
});

export const deleteFileAction = portalAction({
  ...manage,
  args: z.tuple([projectTarget, idSchema]),
  run: ([{ projectId }, fileId], { actor, meta }) => done(deleteFile(actor, projectId, fileId, meta), "releases.done.fileDeleted"),
});
