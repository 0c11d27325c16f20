import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NoAccess } from "@/components/projects/manage/no-access";
import { deleteFileAction } from "@/app/projects/[slug]/manage/releases/actions";
import { FileTable } from "@/components/releases/file-table";
import { FileUpload } from "@/components/releases/file-upload";
import { Card } from "@/components/ui/card";
import { DOWNLOAD_KIND_LABELS } from "@/lib/downloads/schemas";
import { downloadsProject, downloadTotals, listFiles } from "@/lib/downloads/service";
import { loadManagePage } from "@/lib/portal/project-page";
import { moduleEnabled } from "@/lib/projects/access";
import { listReleases } from "@/lib/releases/service";

export const metadata: Metadata = { title: "Files" };

export default async function FilesPage({ params }: { params: Promise<{ slug: string }> }) {
  const { actor, project, access } = await loadManagePage((await params).slug);
  if (!moduleEnabled(project, "DOWNLOADS")) notFound();
  if (!actor || !access.permissions.has("downloads.manage")) return <NoAccess what="manage files" />;
  const [files, releases, totals] = await Promise.all([
    listFiles(actor, project.id, { limit: 100 }),
    listReleases(actor, project.id, { limit: 100 }),
    downloadsProject(actor, project.id).then(downloadTotals),
  ]);
  const target = { projectId: project.id, slug: project.slug };
  return (
    <div className="space-y-6">
      <Card title="Downloads per kind" description="Each download counts once, however many range requests it takes.">
        {totals.length ? (
          <ul className="flex flex-wrap gap-4 text-sm" aria-label="Downloads per kind">
            {totals.map((total) => (
              <li key={total.kind} className="rounded-md px-3 py-2 ring-1 ring-slate-200">
                <span className="font-medium">{DOWNLOAD_KIND_LABELS[total.kind]}</span>: {total.downloads} downloads of {total.files} file(s)
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">No files yet.</p>
        )}
      </Card>
      <Card title="Upload a file" description="A file without a release is offered on the project page as soon as it is uploaded. Attach release files from the Releases tab.">
        <FileUpload projectId={project.id} label="Upload file" />
      </Card>
      <Card title="Files" description="Newest first, with the sha256 players and launchers verify.">
        <FileTable target={target} files={files.data} releases={Object.fromEntries(releases.data.map((release) => [release.id, release.version]))} deleteFile={deleteFileAction} />
      </Card>
    </div>
  );
}
