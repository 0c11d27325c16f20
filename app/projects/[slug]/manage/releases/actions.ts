"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { portalRequestMeta, requirePortalActor } from "@/lib/auth/portal";
import { deleteFile } from "@/lib/downloads/service";
import { formFailure, type FormResult } from "@/lib/portal/form-result";
import { createReleaseSchema, updateReleaseSchema } from "@/lib/releases/schemas";
import { createRelease, deleteRelease, updateRelease } from "@/lib/releases/service";

/**
 * The Releases and Files tabs' actions. Each parses with the API's schema and calls the same
 * service as the API, which checks every permission again. (Uploads go straight to the API.)
 */

const ids = z.object({ projectId: z.string().min(1).max(64), slug: z.string().min(1).max(64) });
const idSchema = z.string().min(1).max(64);
const revisionSchema = z.coerce.number().int().min(1);

async function context(target: unknown) {
  const { projectId, slug } = ids.parse(target);
  const actor = await requirePortalActor(`/projects/${slug}/manage/releases`);
  return { projectId, slug, actor, meta: await portalRequestMeta() };
}

async function run<T>(slug: string, work: () => Promise<T>, message: string): Promise<FormResult<T>> {
  try {
    const data = await work();
    revalidatePath(`/projects/${slug}`, "layout");
    return { ok: true, message, data };
  } catch (error) {
    return formFailure(error);
  }
}

export async function createReleaseAction(target: unknown, input: unknown): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  const parsed = createReleaseSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  return run(slug, async () => void (await createRelease(actor, projectId, parsed.data, meta)), `Release ${parsed.data.version} is created as a draft.`);
}

export async function updateReleaseAction(target: unknown, releaseId: string, revision: number, input: unknown): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  const parsed = updateReleaseSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  const message = parsed.data.state === "PUBLISHED" ? "The release is published." : parsed.data.state === "YANKED" ? "The release is yanked." : "The release is saved.";
  return run(slug, async () => void (await updateRelease(actor, projectId, idSchema.parse(releaseId), parsed.data, revisionSchema.parse(revision), meta)), message);
}

export async function deleteReleaseAction(target: unknown, releaseId: string, revision: number): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  return run(slug, async () => void (await deleteRelease(actor, projectId, idSchema.parse(releaseId), revisionSchema.parse(revision), meta)), "The release and its files are deleted.");
}

export async function deleteFileAction(target: unknown, fileId: string): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(target);
  return run(slug, async () => void (await deleteFile(actor, projectId, idSchema.parse(fileId), meta)), "The file is deleted.");
}
