import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ModulesForm } from "@/components/projects/manage/modules-form";
import { NoAccess } from "@/components/projects/manage/no-access";
import { Card } from "@/components/ui/card";
import { openManageTab } from "@/lib/portal/project-page";
import { modulesView } from "@/lib/projects/service";
import { saveModulesAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.tabs");
  return { title: t("modules") };
}

export default async function ModulesPage({ params }: { params: Promise<{ slug: string }> }) {
  const tab = await openManageTab((await params).slug, "modules");
  if (tab.denied) return <NoAccess what={tab.denied} />;
  const { project } = tab;
  const view = modulesView(project);
  const t = await getTranslations("manage.modules");
  return (
    <Card title={t("title")} description={t("description")}>
      <ModulesForm
        target={{ projectId: project.id, slug: project.slug }}
        modules={view.available}
        enabled={view.modules}
        version={project.version}
        action={saveModulesAction}
      />
    </Card>
  );
}
