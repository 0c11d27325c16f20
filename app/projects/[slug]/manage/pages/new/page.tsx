import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { deletePageAction, previewPageAction, savePageAction } from "@/app/projects/[slug]/manage/pages/actions";
import { PageEditor } from "@/components/pages/page-editor";
import { NoAccess } from "@/components/projects/manage/no-access";
import { Card } from "@/components/ui/card";
import { loadManagePage } from "@/lib/portal/project-page";
import { moduleEnabled } from "@/lib/projects/access";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages");
  return { title: t("new") };
}

export default async function NewPage({ params }: { params: Promise<{ slug: string }> }) {
  const { project, access } = await loadManagePage((await params).slug);
  if (!moduleEnabled(project, "PROJECT_PAGES")) notFound();
  if (!access.permissions.has("pages.manage")) return <NoAccess what="pages" />;
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
