"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxField, TextField } from "@/components/ui/field";
import { FilePicker, useFileDrop } from "@/components/ui/file-picker";
import { Notice } from "@/components/ui/notice";
import { PhoneFold } from "@/components/ui/phone-fold";
import {
  DOWNLOAD_KINDS,
  FILE_PLATFORM_NAMES,
  FILE_PLATFORMS,
  fileNameSchema,
  installPathSchema,
  type DownloadKind,
  type FilePlatform,
  type FileView,
} from "@/lib/downloads/schemas";
import { translateServerMessage } from "@/lib/i18n/server-messages";
import { formatBytes } from "./format";

/**
 * Uploads one file straight to the API (POST /projects/{id}/files, the raw bytes as the body, with
 * the portal session): the browser streams it and reports progress, so large files never pass
 * through a server action or sit in memory anywhere. The file's name and install path are checked
 * first with the API's own schemas (fileNameSchema, installPathSchema). Install path, platforms and
 * "extract" are what the launcher manifest tells launchers (docs/launcher.md); they are set first,
 * and a file picked or dropped (FilePicker, useFileDrop, as the image control) is uploaded at once.
 */
export function FileUpload({ projectId, releaseId, label: givenLabel }: { projectId: string; releaseId?: string; label?: string }) {
  const t = useTranslations("releases");
  const kindLabel = useTranslations("labels.downloadKind");
  const locale = useLocale();
  const label = givenLabel ?? t("attach");
  const router = useRouter();
  const id = useId();
  const [kind, setKind] = useState<DownloadKind>("SOFTWARE");
  const [installPath, setInstallPath] = useState("");
  const [platforms, setPlatforms] = useState<FilePlatform[]>([]);
  const [extract, setExtract] = useState(false);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const request = useRef<XMLHttpRequest | null>(null);

  function upload(file: File) {
    // The API's own name rule, checked before a byte is sent: a launcher could not write such a file.
    const name = fileNameSchema.safeParse(file.name);
    if (!name.success) return setNotice({ tone: "error", text: translateServerMessage(name.error.issues[0]!.message, locale) });
    const path = installPath.trim() ? installPathSchema.safeParse(installPath.trim()) : null;
    if (path && !path.success) return setNotice({ tone: "error", text: translateServerMessage(path.error.issues[0]!.message, locale) });
    setNotice(null);
    setProgress({ sent: 0, total: file.size });
    const query = new URLSearchParams({
      name: file.name,
      kind,
      ...(releaseId ? { releaseId } : {}),
      ...(path ? { path: path.data } : {}),
      ...(platforms.length ? { platforms: platforms.join(",") } : {}),
      ...(extract ? { extract: "true" } : {}),
    });
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open("POST", `/api/v1/projects/${projectId}/files?${query}`);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (event) => setProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      request.current = null;
      setProgress(null);
      const body = parse(xhr.responseText);
      if (xhr.status === 201) {
        const stored = body as FileView;
        setNotice({
          tone: "success",
          // The sha256 is in the file list the refresh brings, not repeated here.
          text: t("uploaded", { name: stored.name, size: formatBytes(stored.size, locale) }),
        });
        setInstallPath("");
        setPlatforms([]);
        setExtract(false);
        router.refresh();
      } else {
        // The API's detail (quota, concurrent uploads, size), in the reader's language.
        const detail = (body as { detail?: string } | null)?.detail;
        setNotice({ tone: "error", text: detail ? translateServerMessage(detail, locale) : t("uploadFailed", { status: xhr.status }) });
      }
    };
    xhr.onerror = () => {
      request.current = null;
      setProgress(null);
      setNotice({ tone: "error", text: t("uploadBroke") });
    };
    xhr.onabort = () => {
      request.current = null;
      setProgress(null);
      setNotice({ tone: "error", text: t("uploadCancelled") });
    };
    xhr.send(file);
  }

  const { dragging, dropProps } = useFileDrop(upload, progress !== null);
  const percent = progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  return (
    <fieldset
      aria-label={label}
      {...dropProps}
      className={`min-w-0 space-y-3 rounded-md p-3 ring-1 ${dragging ? "bg-indigo-50 ring-2 ring-indigo-500" : "ring-slate-200"}`}
    >
      {notice && (
        // A long file name breaks where it must; the words around it only between them ("hochge⏎laden" with break-all).
        <div className="break-words">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-kind`} className="block text-sm font-medium text-slate-900">
          {t("kind")}
        </label>
        <select
          id={`${id}-kind`}
          value={kind}
          onChange={(event) => setKind(event.target.value as DownloadKind)}
          disabled={progress !== null}
          className="block rounded-md px-3 py-2 text-sm ring-1 ring-slate-300"
        >
          {DOWNLOAD_KINDS.map((value) => (
            <option key={value} value={value}>
              {kindLabel(value)}
            </option>
          ))}
        </select>
      </div>
      {/* What the launcher does with the file: most files need none of it, so a phone folds it away. */}
      <PhoneFold summary={t("launcherOptions")}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t("installPath")}
            hint={t("installPathHint")}
            value={installPath}
            onChange={(event) => setInstallPath(event.target.value)}
            disabled={progress !== null}
            spellCheck={false}
          />
          <div className="space-y-3">
            <fieldset className="space-y-1.5">
              <legend className="text-sm font-medium text-slate-900">{t("platforms")}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {FILE_PLATFORMS.map((platform) => (
                  <CheckboxField
                    key={platform}
                    label={FILE_PLATFORM_NAMES[platform]}
                    checked={platforms.includes(platform)}
                    disabled={progress !== null}
                    onChange={(event) =>
                      setPlatforms((chosen) =>
                        event.target.checked ? [...chosen, platform] : chosen.filter((other) => other !== platform),
                      )
                    }
                  />
                ))}
              </div>
              <p className="text-xs text-slate-500">{t("platformsHint")}</p>
            </fieldset>
            <CheckboxField
              label={t("extract")}
              hint={t("extractHint")}
              checked={extract}
              disabled={progress !== null}
              onChange={(event) => setExtract(event.target.checked)}
            />
          </div>
        </div>
      </PhoneFold>
      <FilePicker label={t("file")} hint={t("uploadAtOnce")} disabled={progress !== null} onFile={upload} />
      {progress && (
        <div className="space-y-2">
          <progress max={100} value={percent} aria-label={t("progress")} className="h-2 w-full" />
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-xs text-slate-600" aria-live="polite">
              {t("uploading", { percent, sent: formatBytes(progress.sent, locale), total: formatBytes(progress.total, locale) })}
            </p>
            <Button type="button" variant="secondary" onClick={() => request.current?.abort()}>
              {t("cancelUpload")}
            </Button>
          </div>
        </div>
      )}
    </fieldset>
  );
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
