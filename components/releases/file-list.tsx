"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import type { FileView } from "@/lib/downloads/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import { FileInstall } from "./file-install";
import { FileSha256 } from "./file-sha256";
import { formatBytes } from "./format";

/**
 * The Files tab's list, a row per file as a release's editor shows its files: the name (it
 * downloads), kind, release, size and downloads on one line; the sha256 shortened with Copy; where
 * the launcher installs it and for which platforms; and Delete (it asks first) where the file may
 * go. A list, not a table: seven columns left the name some 80 px at 1280 px (broken over three
 * lines) and scrolled sideways on a phone. While the project is in review (`locked`) no file may
 * go: no Delete (the upload's place says why).
 */
export function FileList({
  target,
  files,
  releases,
  frozenReleases,
  deleteFile,
  locked,
}: {
  target: { projectId: string; slug: string };
  files: FileView[];
  releases: Record<string, string>;
  /** Releases whose files are frozen (lib/permissions releaseFilesLocked): their files offer no delete. */
  frozenReleases: readonly string[];
  deleteFile: (target: { projectId: string; slug: string }, fileId: string) => Promise<FormResult>;
  /** The project's reviewed content is locked (lib/permissions `reviewedContentLocked`). */
  locked: boolean;
}) {
  const t = useTranslations("releases");
  const kind = useTranslations("labels.downloadKind");
  const format = useFormatter();
  const locale = useLocale();
  // The answer above the list: the deleted file's row is gone once the page refreshes (and with the
  // last file the list: the answer stands above "No files yet").
  const deletion = useAction({ success: "notice", failure: "notice" });
  return (
    <div className="space-y-3">
      {deletion.notice && <Notice tone={deletion.notice.tone}>{deletion.notice.text}</Notice>}
      {!files.length && <p className="text-sm text-slate-500">{t("noFiles")}</p>}
      {files.length > 0 && (
        <ul aria-label={t("files")} className="divide-y divide-slate-100 text-sm">
          {files.map((file) => {
            const version = file.releaseId ? releases[file.releaseId] : undefined;
            return (
              <li key={file.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0 flex-1 basis-64 space-y-1">
                  <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <a href={file.url} className="font-medium break-words text-indigo-700 underline">
                      {file.name}
                    </a>
                    <span className="text-slate-600">{kind(file.kind)}</span>
                    <span className="text-slate-600">{version ? t("release", { version }) : t("noRelease")}</span>
                    <span className="text-slate-600">{formatBytes(file.size, locale)}</span>
                    <span className="text-slate-600">
                      {t("downloads", { count: file.downloadCount, formatted: format.number(file.downloadCount) })}
                    </span>
                  </div>
                  <FileSha256 file={file} labelled />
                  <p className="text-xs text-slate-600">
                    {t("installColumn")} <FileInstall file={file} />
                  </p>
                </div>
                {!locked &&
                  (file.releaseId && frozenReleases.includes(file.releaseId) ? (
                    <span className="text-xs text-slate-500">{t("frozen")}</span>
                  ) : (
                    <Button
                      type="button"
                      variant="ghost"
                      pending={deletion.busy === file.id}
                      aria-label={t("deleteFileOf", { name: file.name })}
                      onClick={() =>
                        deletion.run(() => deleteFile(target, file.id), {
                          key: file.id,
                          confirm: {
                            title: t("deleteFileTitle", { name: file.name }),
                            body: t("deleteFileBody"),
                            confirmLabel: t("deleteFile"),
                          },
                        })
                      }
                    >
                      {t("delete")}
                    </Button>
                  ))}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
