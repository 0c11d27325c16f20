import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NoAccess } from "@/components/projects/manage/no-access";
import { CreateReleaseForm, ReleaseList } from "@/components/releases/release-manager";
import { Card } from "@/components/ui/card";
import { loadManagePage } from "@/lib/portal/project-page";
import { moduleEnabled } from "@/lib/projects/access";
import { listReleases } from "@/lib/releases/service";
import { createReleaseAction, deleteReleaseAction, previewChangelogAction, updateReleaseAction } from "./actions";

export const metadata: Metadata = { title: "Releases" };

export default async function ReleasesPage({ params }: { params: Promise<{ slug: string }> }) {
  const { actor, project, access } = await loadManagePage((await params).slug);
  // The module guard: with the DOWNLOADS module off this page does not exist.
  if (!moduleEnabled(project, "DOWNLOADS")) notFound();
  if (!actor || !access.permissions.has("releases.manage")) return <NoAccess what="manage releases" />;
  const releases = await listReleases(actor, project.id, { limit: 100 });
  const target = { projectId: project.id, slug: project.slug };
  return (
    <div className="space-y-6">
      <Card title="New release" description="A release starts as a draft that only the team sees. Attach its files, then publish it.">
        <CreateReleaseForm target={target} action={createReleaseAction} preview={previewChangelogAction} />
      </Card>
      <Card title="Releases" description="Newest first. Publishing shows a release on the project page and in the launcher; yanking takes it back.">
        <ReleaseList target={target} releases={releases.data} actions={{ update: updateReleaseAction, remove: deleteReleaseAction, preview: previewChangelogAction }} />
      </Card>
    </div>
  );
}
