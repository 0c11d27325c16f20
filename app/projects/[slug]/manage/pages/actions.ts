"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { pageInputSchema, pagePreviewSchema } from "@/lib/pages/schemas";
import { createPage, deletePage, previewMarkdown, updatePage } from "@/lib/pages/service";
import { manageWrite, portalAction, projectPath, projectTarget } from "@/lib/portal/action";

/**
 * The Pages tab's actions. Each parses with the API's schema and calls the same service as the
 * API, which checks the module, visibility and pages.manage again.
 */

const pages = manageWrite("/pages");
/** The page being edited and the version the editor opened; null for a new page. */
const existingPage = z.object({ pageSlug: z.string().min(1).max(60), version: z.int().min(1) });

/** Creates a page or replaces one at the version the editor was opened with; then opens the saved page in the editor. */
export const savePageAction = portalAction({
  ...pages,
  args: z.tuple([projectTarget, existingPage.nullable(), pageInputSchema]),
  run: async ([{ projectId }, page, input], { actor, meta }) => {
    const saved = page
      ? await updatePage(actor, projectId, page.pageSlug, input, page.version, meta)
      : await createPage(actor, projectId, input, meta);
    return { message: (await getTranslations("pages"))("saved"), data: { slug: saved.slug } };
  },
  redirect: ([target], data) => `/projects/${target.slug}/manage/pages/${data!.slug}?saved=1`,
});

export const deletePageAction = portalAction({
  ...pages,
  args: z.tuple([projectTarget, existingPage]),
  run: async ([{ projectId }, page], { actor, meta }) => {
    await deletePage(actor, projectId, page.pageSlug, page.version, meta);
    return (await getTranslations("pages"))("deleted");
  },
  redirect: ([target]) => `/projects/${target.slug}/manage/pages?deleted=1`,
});

/** The Markdown editor's live preview (pages and announcements), rendered by the same renderer and sanitizer as the public pages. */
export const previewMarkdownAction = portalAction({
  signIn: projectPath("/manage/pages"),
  args: z.tuple([projectTarget, pagePreviewSchema]),
  run: async ([, { body }]) => ({ message: "", data: { html: previewMarkdown(body) } }),
});
