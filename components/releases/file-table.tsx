"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import type { FileView } from "@/lib/downloads/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import { FileInstall } from "./file-install";
import { formatBytes } from "./format";

/**
 * The Files tab's table: each file with its release, where the launcher installs it, size,
 * sha256 and downloads, and Delete (it asks first) where the file may go. While the project is in
 * review (`locked`) no file may go: the table has no Delete column (the upload's place says why).
 */
export function FileTable({
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
  // The answer above the table: the deleted file's row is gone once the page refreshes.
  const deletion = useAction({ success: "notice", failure: "notice" });
  if (!files.length) return <p className="text-sm text-slate-500">{t("noFiles")}</p>;
  return (
    <div className="space-y-3">
      {deletion.notice && <Notice tone={deletion.notice.tone}>{deletion.notice.text}</Notice>}
      <DataTable
        caption={t("files")}
        columns={[
          { label: t("name") },
          { label: t("kind") },
          { label: t("releaseColumn") },
          { label: t("installColumn") },
          { label: t("size") },
          { label: "sha256" },
          { label: t("downloadsColumn") },
          ...(locked ? [] : [{ label: t("actions"), srOnly: true }]),
        ]}
      >
        {files.map((file) => (
          <tr key={file.id}>
            <td className="py-2 pr-3 font-medium">
              <a href={file.url} className="break-all text-indigo-700 underline">
                {file.name}
              </a>
            </td>
            <td className="py-2 pr-3">{kind(file.kind)}</td>
            <td className="py-2 pr-3">{file.releaseId ? (releases[file.releaseId] ?? "—") : "—"}</td>
            <td className="py-2 pr-3 text-xs">
              <FileInstall file={file} />
            </td>
            <td className="py-2 pr-3 whitespace-nowrap">{formatBytes(file.size, locale)}</td>
            <td className="py-2 pr-3 font-mono text-xs break-all">{file.sha256}</td>
            <td className="py-2 pr-3 tabular-nums">{format.number(file.downloadCount)}</td>
            {!locked && (
              <td className="py-2">
                {file.releaseId && frozenReleases.includes(file.releaseId) ? (
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
                )}
              </td>
            )}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
