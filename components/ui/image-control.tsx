"use client";

import { useTranslations } from "next-intl";
import { type DragEvent, type ReactNode, useId, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";

/** What an upload or a removal answers: the picture's new address (null once removed). */
export type ImageChange = FormResult<{ url: string | null }>;

const ACCEPTED = "image/png,image/jpeg,image/gif,image/webp";

/**
 * The one control for a picture (an account's avatar, a project's logo and banner): the preview
 * (`preview(url)`, what visitors see, with its placeholder while there is none), a file picked or
 * dropped anywhere on the control is uploaded at once, and Remove. There is no address to type or
 * read: pictures are uploaded and served by us. `id` goes on the file field (a link to `#id`
 * focuses it). The caller's `upload` and `remove` run the server actions.
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
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const input = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState(url);
  const [dragging, setDragging] = useState(false);
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
      if (input.current) input.current.value = "";
    });
  const send = (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.set("file", file);
    run(startUpload, () => upload(form));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading && !removing) send(event.dataTransfer.files[0]);
  };

  return (
    <fieldset
      aria-labelledby={labelId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`min-w-0 space-y-2 rounded-md p-3 ring-1 ${dragging ? "bg-indigo-50 ring-2 ring-indigo-500" : "ring-slate-200"}`}
    >
      <div className="flex flex-wrap items-center gap-4">
        {preview(current)}
        <div className="min-w-0 flex-1 basis-48 space-y-1">
          <label id={labelId} htmlFor={inputId} className="block text-sm font-medium text-slate-900">
            {label}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPTED}
            aria-describedby={`${inputId}-hint`}
            disabled={uploading || removing}
            onChange={(event) => send(event.target.files?.[0])}
            className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
          <p id={`${inputId}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
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
