import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { type ManageTabPageProps, renderManageTab } from "@/components/projects/manage/tab-page";
import { ReleaseEditor } from "@/components/releases/release-manager";
import { Card } from "@/components/ui/card";
import { reviewedContentLocked } from "@/lib/permissions";
import { orNotFound } from "@/lib/portal/or-not-found";
import { getRelease } from "@/lib/releases/service";
import { deleteReleaseAction, previewChangelogAction, submitReleaseAction, updateReleaseAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.tabs");
  return { title: t("releases") };
}

/** One release's editor, opened from the Releases tab's table. */
export default async function ReleaseEditorPage(props: ManageTabPageProps<{ slug: string; releaseId: string }>) {
  return renderManageTab(props, "releases", async ({ actor, project }, { params: { releaseId } }) => {
    const { body: release } = await orNotFound(getRelease(actor, project.id, releaseId));
    const t = await getTranslations("releases");
    const listHref = `/projects/${project.slug}/manage/releases`;
    return (
      <div className="space-y-4">
        <p className="text-sm">
          <Link href={listHref} className="text-indigo-700 hover:underline">
            ← {t("allReleases")}
          </Link>
        </p>
        <Card title={t("release", { version: release.version })}>
          <ReleaseEditor
            target={{ projectId: project.id, slug: project.slug }}
            trusted={project.trusted}
            release={release}
            listHref={listHref}
            locked={reviewedContentLocked(project)}
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
