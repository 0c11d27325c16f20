import { getFormatter, getTranslations } from "next-intl/server";
import { ReviewLockNote } from "@/components/projects/manage/review-lock";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { deleteFileAction } from "@/app/projects/[slug]/manage/releases/actions";
import { FileList } from "@/components/releases/file-list";
import { FileUpload } from "@/components/releases/file-upload";
import { Card } from "@/components/ui/card";
import { downloadsProject, downloadTotals, listFiles } from "@/lib/downloads/service";
import { releaseFilesLocked, reviewedContentLocked } from "@/lib/permissions";
import { listReleases } from "@/lib/releases/service";

export const generateMetadata = manageTabMetadata("files");

export default async function FilesPage(props: ManageTabPageProps) {
  return renderManageTab(props, "files", async ({ actor, project }) => {
    const [t, kind, format, files, releases, totals] = await Promise.all([
      getTranslations("releases"),
      getTranslations("labels.downloadKind"),
      getFormatter(),
      listFiles(actor, project.id, { limit: 100 }),
      listReleases(actor, project.id, { limit: 100 }),
      downloadsProject(actor, project.id).then(downloadTotals),
    ]);
    const target = { projectId: project.id, slug: project.slug };
    // While the project is in review its files neither come nor go (the services refuse: in_review).
    const locked = reviewedContentLocked(project);
    return (
      <div className="space-y-6">
        <Card title={t("perKind")} description={t("perKindText")}>
          {totals.length ? (
            <ul className="flex flex-wrap gap-4 text-sm" aria-label={t("perKind")}>
              {totals.map((total) => (
                <li key={total.kind} className="rounded-md px-3 py-2 ring-1 ring-slate-200">
                  <span className="font-medium">{kind(total.kind)}</span>:{" "}
                  {t("totals", { downloads: total.downloads, formatted: format.number(total.downloads), files: total.files })}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">{t("noFiles")}</p>
          )}
        </Card>
        <Card title={t("uploadTitle")} description={project.trusted ? t("uploadText") : t("uploadTextReviewed")}>
          {locked ? <ReviewLockNote /> : <FileUpload projectId={project.id} label={t("upload")} />}
        </Card>
        <Card title={t("files")} description={t("filesText")}>
          <FileList
            target={target}
            files={files.data}
            releases={Object.fromEntries(releases.data.map((release) => [release.id, release.version]))}
            frozenReleases={releases.data.filter((release) => releaseFilesLocked(release, project, "remove")).map((release) => release.id)}
            deleteFile={deleteFileAction}
            locked={locked}
          />
        </Card>
      </div>
    );
  });
}
