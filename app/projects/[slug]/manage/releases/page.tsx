import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NoAccess } from "@/components/projects/manage/no-access";
import { CreateReleaseForm, ReleaseList } from "@/components/releases/release-manager";
import { Card } from "@/components/ui/card";
import { openManageTab } from "@/lib/portal/project-page";
import { listReleases } from "@/lib/releases/service";
import { createReleaseAction, deleteReleaseAction, previewChangelogAction, updateReleaseAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.tabs");
  return { title: t("releases") };
}

export default async function ReleasesPage({ params }: { params: Promise<{ slug: string }> }) {
  const tab = await openManageTab((await params).slug, "releases");
  if (tab.denied) return <NoAccess what={tab.denied} />;
  const { actor, project } = tab;
  const [releases, t] = await Promise.all([listReleases(actor, project.id, { limit: 100 }), getTranslations("releases")]);
  const target = { projectId: project.id, slug: project.slug };
  return (
    <div className="space-y-6">
      <Card title={t("newRelease")} description={t("newReleaseText")}>
        <CreateReleaseForm target={target} action={createReleaseAction} preview={previewChangelogAction} />
      </Card>
      <Card title={t("releases")} description={t("releasesText")}>
        <ReleaseList
          target={target}
          releases={releases.data}
          actions={{ update: updateReleaseAction, remove: deleteReleaseAction, preview: previewChangelogAction }}
        />
      </Card>
    </div>
  );
}
