"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { DataTable } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { FILE_PLATFORM_NAMES, type FileView } from "@/lib/downloads/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import { formatBytes } from "./format";

export function FileTable({
  target,
  files,
  releases,
  frozenReleases,
  deleteFile,
}: {
  target: { projectId: string; slug: string };
  files: FileView[];
  releases: Record<string, string>;
  /** Releases whose files are frozen (lib/permissions releaseFilesLocked): their files offer no delete. */
  frozenReleases: readonly string[];
  deleteFile: (target: { projectId: string; slug: string }, fileId: string) => Promise<FormResult>;
}) {
  const t = useTranslations("releases");
  const kind = useTranslations("labels.downloadKind");
  const format = useFormatter();
  const locale = useLocale();
  const confirm = useConfirm();
  const [pending, start] = useTransition();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  if (!files.length) return <p className="text-sm text-slate-500">{t("noFiles")}</p>;
  return (
    <div className="space-y-3">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
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
          { label: t("actions"), srOnly: true },
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
              <span className="font-mono break-all">{file.path ?? (file.extract ? t("gameFolder") : file.name)}</span>
              <span className="block text-slate-500">
                {file.platforms ? file.platforms.map((platform) => FILE_PLATFORM_NAMES[platform]).join(", ") : t("allPlatforms")}
              </span>
              {file.extract && <span className="block text-slate-500">{t("archiveEntries", { count: file.entryCount ?? 0 })}</span>}
            </td>
            <td className="py-2 pr-3 whitespace-nowrap">{formatBytes(file.size, locale)}</td>
            <td className="py-2 pr-3 font-mono text-xs break-all">{file.sha256}</td>
            <td className="py-2 pr-3 tabular-nums">{format.number(file.downloadCount)}</td>
            <td className="py-2">
              {file.releaseId && frozenReleases.includes(file.releaseId) ? (
                <span className="text-xs text-slate-500">{t("frozen")}</span>
              ) : (
                <Button
                  type="button"
                  variant="ghost"
                  pending={pending}
                  aria-label={t("deleteFileOf", { name: file.name })}
                  onClick={async () => {
                    if (
                      !(await confirm({
                        title: t("deleteFileTitle", { name: file.name }),
                        body: t("deleteFileBody"),
                        confirmLabel: t("deleteFile"),
                      }))
                    )
                      return;
                    start(async () => {
                      const result = await deleteFile(target, file.id);
                      setNotice({ tone: result.ok ? "success" : "error", text: result.message });
                    });
                  }}
                >
                  {t("delete")}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
