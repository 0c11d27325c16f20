import { getTranslations } from "next-intl/server";
import { LauncherForm } from "@/components/projects/manage/launcher-form";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { Card } from "@/components/ui/card";
import { getLauncherSettings } from "@/lib/launcher/service";
import { reviewedContentLocked } from "@/lib/permissions";
import { saveLauncherAction } from "./actions";

export const generateMetadata = manageTabMetadata("launcher");

export default async function LauncherPage(props: ManageTabPageProps) {
  return renderManageTab(props, "launcher", async ({ actor, project }) => {
    const t = await getTranslations("manage.launcher");
    return (
      <Card title={t("title")} description={t("description")}>
        <LauncherForm
          target={{ projectId: project.id, slug: project.slug }}
          initial={await getLauncherSettings(actor, project.id)}
          action={saveLauncherAction}
          locked={reviewedContentLocked(project)}
        />
      </Card>
    );
  });
}
