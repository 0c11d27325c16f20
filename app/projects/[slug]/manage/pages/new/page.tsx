import { getTranslations } from "next-intl/server";
import { deletePageAction, previewMarkdownAction, savePageAction } from "@/app/projects/[slug]/manage/pages/actions";
import { PageEditor } from "@/components/pages/page-editor";
import { type ManageTabPageProps, renderManageTab } from "@/components/projects/manage/tab-page";
import { Card } from "@/components/ui/card";
import { reviewedContentLocked } from "@/lib/permissions";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("pages.new");

export default async function NewPage(props: ManageTabPageProps) {
  return renderManageTab(props, "pages", async ({ project }) => {
    const t = await getTranslations("pages");
    return (
      <Card title={t("new")}>
        <PageEditor
          target={{ projectId: project.id, slug: project.slug }}
          page={null}
          initial={{ slug: "", title: "", body: "", position: 0 }}
          initialHtml=""
          actions={{ save: savePageAction, preview: previewMarkdownAction, remove: deletePageAction }}
          locked={reviewedContentLocked(project)}
        />
      </Card>
    );
  });
}
