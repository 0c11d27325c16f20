import { getTranslations } from "next-intl/server";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { CreateReleaseForm, ReleaseList } from "@/components/releases/release-manager";
import { Card } from "@/components/ui/card";
import { listReleases } from "@/lib/releases/service";
import { createReleaseAction, deleteReleaseAction, previewChangelogAction, submitReleaseAction, updateReleaseAction } from "./actions";

export const generateMetadata = manageTabMetadata("releases");

export default async function ReleasesPage(props: ManageTabPageProps) {
  return renderManageTab(props, "releases", async ({ actor, project }) => {
    const [releases, t] = await Promise.all([listReleases(actor, project.id, { limit: 100 }), getTranslations("releases")]);
    const target = { projectId: project.id, slug: project.slug };
    return (
      <div className="space-y-6">
        <Card title={t("newRelease")} description={t("newReleaseText")}>
          <CreateReleaseForm target={target} action={createReleaseAction} preview={previewChangelogAction} />
        </Card>
        <Card title={t("releases")} description={project.trusted ? t("releasesTextTrusted") : t("releasesTextReviewed")}>
          <ReleaseList
            target={target}
            trusted={project.trusted}
            releases={releases.data}
            actions={{
              update: updateReleaseAction,
              remove: deleteReleaseAction,
              submit: submitReleaseAction,
              preview: previewChangelogAction,
            }}
          />
        </Card>
      </div>
    );
  });
}
