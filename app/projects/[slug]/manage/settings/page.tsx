import { getTranslations } from "next-intl/server";
import { DeleteProject } from "@/components/projects/manage/delete-project";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { SettingsForm } from "@/components/projects/manage/settings-form";
import { Card } from "@/components/ui/card";
import { offerableRoles } from "@/lib/applications/service";
import { canDeleteProject, reviewedContentLocked } from "@/lib/permissions";
import { moduleEnabled } from "@/lib/projects/access";
import { DELETABLE_STATUSES } from "@/lib/projects/service";
import { settingsOf } from "@/lib/projects/settings";
import { deleteProjectAction, saveSettingsAction } from "./actions";

export const generateMetadata = manageTabMetadata("settings");

export default async function SettingsPage(props: ManageTabPageProps) {
  return renderManageTab(props, "settings", async ({ project, access }) => {
    const t = await getTranslations("manage");
    const target = { projectId: project.id, slug: project.slug };
    // A disabled module's settings are hidden (and kept).
    const applicationRoles = moduleEnabled(project, "APPLICATIONS") ? await offerableRoles(project.id) : null;
    const mayDelete = canDeleteProject(access);
    const blockedReason = DELETABLE_STATUSES.includes(project.status)
      ? null
      : project.status === "PUBLISHED"
        ? t("delete.blockedPublished")
        : t("delete.blockedInReview");
    return (
      <div className="space-y-6">
        <Card title={t("tabs.settings")}>
          <SettingsForm
            target={target}
            version={project.version}
            supportLinksEnabled={moduleEnabled(project, "CREATOR_SUPPORT")}
            applicationRoles={applicationRoles}
            action={saveSettingsAction}
            locked={reviewedContentLocked(project)}
            initial={{ visibility: project.visibility, settings: settingsOf(project) }}
          />
        </Card>
        {mayDelete && (
          <Card title={t("delete.title")}>
            <DeleteProject
              target={target}
              name={project.name}
              version={project.version}
              blockedReason={blockedReason}
              action={deleteProjectAction}
            />
          </Card>
        )}
      </div>
    );
  });
}
