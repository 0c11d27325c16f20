"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectTarget } from "./project-target";

/** Takes the form data: `file`, `kind` and `version`; answers the project's new version and the image's address. */
export type UploadImageAction = (target: ProjectTarget, form: FormData) => Promise<FormResult<{ version: number; url: string }>>;

export function ImageUpload({
  target,
  kind,
  current,
  version,
  action,
  onUploaded,
}: {
  target: ProjectTarget;
  kind: "logo" | "banner";
  current: string | null;
  /** The project version the upload expects (the presentation form's). */
  version: number;
  action: UploadImageAction;
  /** After a successful upload: the version it was made on and what it created. */
  onUploaded: (basedOn: number, result: { version: number; url: string }) => void;
}) {
  const t = useTranslations("manage.presentation");
  const id = useId();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  return (
    <form
      aria-label={t(`uploadForm.${kind}`)}
      className="space-y-3 rounded-md p-4 ring-1 ring-slate-200"
      action={(formData) =>
        startTransition(async () => {
          setNotice(null);
          formData.set("kind", kind);
          formData.set("version", String(version));
          const result = await action(target, formData);
          setNotice({ tone: result.ok ? "success" : "error", text: result.message });
          if (result.ok && result.data) {
            onUploaded(version, result.data);
            router.refresh();
          }
        })
      }
    >
      <div className="flex flex-wrap items-center gap-4">
        {current ? (
          <img
            src={current}
            alt={t(`current.${kind}`)}
            className={kind === "logo" ? "size-16 rounded-lg object-cover" : "h-16 w-40 rounded-md object-cover"}
          />
        ) : (
          <span className="text-sm text-slate-500">{t(`none.${kind}`)}</span>
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={id} className="block text-sm font-medium">
            {t(`uploadLabel.${kind}`)}
          </label>
          <input
            id={id}
            name="file"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            required
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
          <p className="text-xs text-slate-500">{t("imageTypes")}</p>
        </div>
        <Button type="submit" variant="secondary" pending={pending}>
          {t("upload")}
        </Button>
      </div>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
    </form>
  );
}
