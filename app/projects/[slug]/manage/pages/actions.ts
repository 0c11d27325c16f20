"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { portalRequestMeta, requirePortalActor } from "@/lib/auth/portal";
import { pageInputSchema, pagePreviewSchema } from "@/lib/pages/schemas";
import { createPage, deletePage, previewMarkdown, updatePage } from "@/lib/pages/service";
import { formFailure, type FormResult } from "@/lib/portal/form-result";

/**
 * The Pages tab's actions. Each parses with the API's schema and calls the same service as the
 * API, which checks the module, visibility and pages.manage again.
 */

const target = z.object({ projectId: z.string().min(1).max(64), slug: z.string().min(1).max(64) });
const existing = z.object({ pageSlug: z.string().min(1).max(60), version: z.int().min(1) });

async function context(input: unknown) {
  const { projectId, slug } = target.parse(input);
  const actor = await requirePortalActor(`/projects/${slug}/manage/pages`);
  return { projectId, slug, actor, meta: await portalRequestMeta() };
}

/** Creates a page (`page` null) or replaces one at the version the editor was opened with; then opens the saved page in the editor. */
export async function savePageAction(projectTarget: unknown, page: unknown, values: unknown): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(projectTarget);
  const parsed = pageInputSchema.safeParse(values);
  if (!parsed.success) return formFailure(parsed.error);
  let saved;
  try {
    const current = page === null ? null : existing.parse(page);
    saved = current ? await updatePage(actor, projectId, current.pageSlug, parsed.data, current.version, meta) : await createPage(actor, projectId, parsed.data, meta);
  } catch (error) {
    return formFailure(error);
  }
  revalidatePath(`/projects/${slug}`, "layout");
  redirect(`/projects/${slug}/manage/pages/${saved.slug}?saved=1`);
}

export async function deletePageAction(projectTarget: unknown, page: unknown): Promise<FormResult> {
  const { projectId, slug, actor, meta } = await context(projectTarget);
  try {
    const { pageSlug, version } = existing.parse(page);
    await deletePage(actor, projectId, pageSlug, version, meta);
  } catch (error) {
    return formFailure(error);
  }
  revalidatePath(`/projects/${slug}`, "layout");
  redirect(`/projects/${slug}/manage/pages?deleted=1`);
}

/** The editor's live preview, rendered by the same renderer and sanitizer as the public page. */
export async function previewPageAction(projectTarget: unknown, values: unknown): Promise<FormResult<{ html: string }>> {
  await context(projectTarget);
  const parsed = pagePreviewSchema.safeParse(values);
  if (!parsed.success) return formFailure(parsed.error);
  return { ok: true, message: "", data: { html: previewMarkdown(parsed.data.body) } };
}
