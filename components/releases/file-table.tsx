"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { DOWNLOAD_KIND_LABELS, type FileView } from "@/lib/downloads/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import { formatBytes } from "./format";

export function FileTable({ target, files, releases, deleteFile }: {
  target: { projectId: string; slug: string };
  files: FileView[];
  releases: Record<string, string>;
  deleteFile: (target: { projectId: string; slug: string }, fileId: string) => Promise<FormResult>;
}) {
  const [pending, start] = useTransition();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  if (!files.length) return <p className="text-sm text-slate-500">No files yet.</p>;
  return (
    <div className="space-y-3">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-2 pr-3">Name</th>
              <th className="py-2 pr-3">Kind</th>
              <th className="py-2 pr-3">Release</th>
              <th className="py-2 pr-3">Size</th>
              <th className="py-2 pr-3">sha256</th>
              <th className="py-2 pr-3">Downloads</th>
              <th className="relative py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {files.map((file) => (
              <tr key={file.id}>
                <td className="py-2 pr-3 font-medium">
                  <a href={file.url} className="text-indigo-700 underline">
                    {file.name}
                  </a>
                </td>
                <td className="py-2 pr-3">{DOWNLOAD_KIND_LABELS[file.kind]}</td>
                <td className="py-2 pr-3">{file.releaseId ? (releases[file.releaseId] ?? "—") : "—"}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{formatBytes(file.size)}</td>
                <td className="py-2 pr-3 font-mono text-xs break-all">{file.sha256}</td>
                <td className="py-2 pr-3">{file.downloadCount}</td>
                <td className="py-2">
                  <Button
                    type="button"
                    variant="ghost"
                    pending={pending}
                    onClick={() => {
                      if (!window.confirm(`Delete ${file.name}? Launchers and players can no longer download it.`)) return;
                      start(async () => {
                        const result = await deleteFile(target, file.id);
                        setNotice({ tone: result.ok ? "success" : "error", text: result.message });
                      });
                    }}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
