import { getTranslations } from "next-intl/server";
import { ModulesForm } from "@/components/projects/manage/modules-form";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { Card } from "@/components/ui/card";
import { reviewedContentLocked } from "@/lib/permissions";
import { modulesView } from "@/lib/projects/service";
import { saveModulesAction } from "./actions";

export const generateMetadata = manageTabMetadata("modules");

export default async function ModulesPage(props: ManageTabPageProps) {
  return renderManageTab(props, "modules", async ({ project }) => {
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
          locked={reviewedContentLocked(project)}
        />
      </Card>
    );
  });
}
