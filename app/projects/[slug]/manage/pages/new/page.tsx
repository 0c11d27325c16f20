import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { deletePageAction, previewPageAction, savePageAction } from "@/app/projects/[slug]/manage/pages/actions";
import { PageEditor } from "@/components/pages/page-editor";
import { NoAccess } from "@/components/projects/manage/no-access";
import { Card } from "@/components/ui/card";
import { openManageTab } from "@/lib/portal/project-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages");
  return { title: t("new") };
}

export default async function NewPage({ params }: { params: Promise<{ slug: string }> }) {
  const tab = await openManageTab((await params).slug, "pages");
  if (tab.denied) return <NoAccess what={tab.denied} />;
  const { project } = tab;
  const t = await getTranslations("pages");
  return (
    <Card title={t("new")}>
      <PageEditor
        target={{ projectId: project.id, slug: project.slug }}
        page={null}
        initial={{ slug: "", title: "", body: "", position: 0 }}
        initialHtml=""
        actions={{ save: savePageAction, preview: previewPageAction, remove: deletePageAction }}
      />
    </Card>
  );
}
