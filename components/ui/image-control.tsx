"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { FilePicker, useFileDrop } from "@/components/ui/file-picker";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";

/** What an upload or a removal answers: the picture's new address (null once removed). */
export type ImageChange = FormResult<{ url: string | null }>;

const ACCEPTED = "image/png,image/jpeg,image/gif,image/webp";

/**
 * The one control for a picture (an account's avatar, a project's logo and banner): the preview
 * (`preview(url)`, what visitors see, with its placeholder while there is none), a file picked or
 * dropped anywhere on the control is uploaded at once (FilePicker, useFileDrop), and Remove. There
 * is no address to type or read: pictures are uploaded and served by us. `id` goes on the file
 * field (a link to `#id` focuses it). The caller's `upload` and `remove` run the server actions.
 */
export function ImageControl({
  id,
  label,
  hint,
  removeLabel,
  url,
  preview,
  upload,
  remove,
}: {
  id?: string;
  label: string;
  hint: string;
  removeLabel: string;
  url: string | null;
  preview: (url: string | null) => ReactNode;
  /** Takes the form data with the picture as `file`. */
  upload: (form: FormData) => Promise<ImageChange>;
  remove: () => Promise<ImageChange>;
}) {
  const t = useTranslations("common");
  const labelId = useId();
  const [current, setCurrent] = useState(url);
  const [uploading, startUpload] = useTransition();
  const [removing, startRemove] = useTransition();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const run = (start: typeof startUpload, change: () => Promise<ImageChange>) =>
    start(async () => {
      setNotice(null);
      const result = await change();
      // A refused file names its problem at the field ("The file is image/png, not image/jpeg.").
      const text = result.ok ? result.message : Object.values(result.fieldErrors ?? {}).join(" ") || result.message;
      setNotice({ tone: result.ok ? "success" : "error", text });
      if (result.ok && result.data) setCurrent(result.data.url);
    });
  const send = (file: File) => {
    const form = new FormData();
    form.set("file", file);
    run(startUpload, () => upload(form));
  };
  const { dragging, dropProps } = useFileDrop(send, uploading || removing);

  return (
    <fieldset
      aria-labelledby={labelId}
      {...dropProps}
      className={`min-w-0 space-y-2 rounded-md p-3 ring-1 ${dragging ? "bg-indigo-50 ring-2 ring-indigo-500" : "ring-slate-200"}`}
    >
      <div className="flex flex-wrap items-center gap-4">
        {preview(current)}
        <div className="min-w-0 flex-1 basis-48">
          <FilePicker
            id={id}
            label={label}
            labelId={labelId}
            button={t("chooseImage")}
            hint={hint}
            accept={ACCEPTED}
            disabled={uploading || removing}
            onFile={send}
          />
        </div>
        {current && (
          <Button type="button" variant="secondary" pending={removing} disabled={uploading} onClick={() => run(startRemove, remove)}>
            {removeLabel}
          </Button>
        )}
      </div>
      {uploading && (
        <p role="status" className="text-sm text-slate-600">
          {t("uploading")}
        </p>
      )}
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
    </fieldset>
  );
}
