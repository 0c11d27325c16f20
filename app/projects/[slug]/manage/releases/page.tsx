import { getTranslations } from "next-intl/server";
import { ReviewLockNote } from "@/components/projects/manage/review-lock";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { NewRelease, ReleaseTable } from "@/components/releases/release-manager";
import { Card } from "@/components/ui/card";
import { reviewedContentLocked } from "@/lib/permissions";
import { listReleases } from "@/lib/releases/service";
import { createReleaseAction, previewChangelogAction } from "./actions";

export const generateMetadata = manageTabMetadata("releases");

/**
 * The Releases tab: a compact table of the releases, each opening its editor (`./[releaseId]`), and
 * the "New release" button; while the project is in review, the reason no release can be made instead.
 */
export default async function ReleasesPage(props: ManageTabPageProps) {
  return renderManageTab(props, "releases", async ({ actor, project }) => {
    const [releases, t] = await Promise.all([listReleases(actor, project.id, { limit: 100 }), getTranslations("releases")]);
    const target = { projectId: project.id, slug: project.slug };
    const base = `/projects/${project.slug}/manage/releases`;
    return (
      <Card title={t("releases")} description={project.trusted ? t("releasesTextTrusted") : t("releasesTextReviewed")}>
        <div className="space-y-4">
          {reviewedContentLocked(project) ? (
            <ReviewLockNote />
          ) : (
            <NewRelease
              target={target}
              action={createReleaseAction}
              preview={previewChangelogAction}
              listHref={base}
              trusted={project.trusted}
            />
          )}
          <ReleaseTable releases={releases.data} listHref={base} />
        </div>
      </Card>
    );
  });
}
