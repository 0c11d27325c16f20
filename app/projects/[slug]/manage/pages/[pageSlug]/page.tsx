import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { deletePageAction, previewMarkdownAction, savePageAction } from "@/app/projects/[slug]/manage/pages/actions";
import { PageEditor } from "@/components/pages/page-editor";
import { type ManageTabPageProps, renderManageTab } from "@/components/projects/manage/tab-page";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { getPage } from "@/lib/pages/service";
import { reviewedContentLocked } from "@/lib/permissions";
import { orNotFound } from "@/lib/portal/or-not-found";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("pages.edit");

export default async function EditPage(props: ManageTabPageProps<{ slug: string; pageSlug: string }, { saved?: string }>) {
  return renderManageTab(props, "pages", async ({ actor, project }, { params: { pageSlug }, searchParams }) => {
    const page = await orNotFound(getPage(actor, project.id, pageSlug));
    const t = await getTranslations("pages");
    return (
      <Card
        title={t("editTitle", { title: page.title })}
        description={
          <Link href={`/projects/${project.slug}/pages/${page.slug}`} className="text-indigo-700 hover:underline">
            {t("viewAsVisitor")}
          </Link>
        }
      >
        <div className="space-y-4">
          {(await searchParams).saved && <Notice tone="success">{t("saved")}</Notice>}
          <PageEditor
            key={page.version}
            target={{ projectId: project.id, slug: project.slug }}
            page={{ pageSlug: page.slug, version: page.version }}
            initial={{ slug: page.slug, title: page.title, body: page.body, position: page.position }}
            initialHtml={page.html}
            actions={{ save: savePageAction, preview: previewMarkdownAction, remove: deletePageAction }}
            locked={reviewedContentLocked(project)}
          />
        </div>
      </Card>
    );
  });
}
