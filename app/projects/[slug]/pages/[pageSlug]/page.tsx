import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { MarkdownHtml } from "@/components/pages/markdown-html";
import { ProjectPagesNav } from "@/components/projects/project-content";
import { ProjectBackLink } from "@/components/projects/project-back-link";
import { getPage, pageNavigation } from "@/lib/pages/service";
import { orNotFound } from "@/lib/portal/or-not-found";
import { loadProjectPage } from "@/lib/portal/project-page";

/** A project page as visitors see it; 404 like the API when the module is off or the visitor may not read it. */
async function load(slug: string, pageSlug: string) {
  const context = await loadProjectPage(slug);
  return { context, page: await orNotFound(getPage(context.actor, context.project.id, pageSlug)) };
}

export async function generateMetadata({ params }: { params: Promise<{ slug: string; pageSlug: string }> }): Promise<Metadata> {
  const { slug, pageSlug } = await params;
  const { context, page } = await load(slug, pageSlug);
  return { title: `${page.title} · ${context.project.name}` };
}

export default async function ProjectPageView({ params }: { params: Promise<{ slug: string; pageSlug: string }> }) {
  const { slug, pageSlug } = await params;
  const { context, page } = await load(slug, pageSlug);
  const { project, access } = context;
  const t = await getTranslations("projects.page");
  return (
    <article className="space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <ProjectBackLink project={project} />
      <ProjectPagesNav slug={project.slug} pages={await pageNavigation(context)} current={page.slug} />
      <header className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{page.title}</h1>
        {access.permissions.has("pages.manage") && (
          <Link
            href={`/projects/${project.slug}/manage/pages/${page.slug}`}
            className="text-sm font-medium text-indigo-700 hover:underline"
          >
            {t("editPage")}
          </Link>
        )}
      </header>
      <MarkdownHtml html={page.html} />
    </article>
  );
}
