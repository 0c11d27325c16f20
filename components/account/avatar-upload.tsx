"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, useTransition } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";

type Changed = FormResult<{ version: number; url: string | null }>;

/**
 * The account's picture: a preview (the initials while there is none), a file picked (or dropped
 * on the file field) is uploaded at once, and Remove. No address to type: pictures are uploaded and served by us.
 * `onChanged` hands the account's new version to the profile form around it.
 */
export function AvatarUpload({
  name,
  url,
  actions,
  onChanged,
}: {
  name: string;
  url: string | null;
  actions: { upload: (form: FormData) => Promise<Changed>; remove: () => Promise<Changed> };
  onChanged: (version: number) => void;
}) {
  const t = useTranslations("account.avatar");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState(url);
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const run = (change: () => Promise<Changed>) =>
    startTransition(async () => {
      setNotice(null);
      const result = await change();
      setNotice({ tone: result.ok ? "success" : "error", text: result.message });
      if (result.ok && result.data) {
        setCurrent(result.data.url);
        onChanged(result.data.version);
      }
      if (input.current) input.current.value = "";
    });
  const send = (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.set("file", file);
    run(() => actions.upload(form));
  };

  return (
    <div className="space-y-2">
      <div data-testid="avatar-preview" className="flex flex-wrap items-center gap-4 rounded-md p-3 ring-1 ring-slate-200">
        <Avatar name={name} url={current} size={64} />
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={id} className="block text-sm font-medium">
            {t("label")}
          </label>
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            disabled={pending}
            onChange={(event) => send(event.target.files?.[0])}
            className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
          <p className="text-xs text-slate-500">{t("hint")}</p>
        </div>
        {current && (
          <Button type="button" variant="secondary" pending={pending} onClick={() => run(actions.remove)}>
            {t("remove")}
          </Button>
        )}
      </div>
      {pending && <p className="text-sm text-slate-600">{t("working")}</p>}
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
    </div>
  );
}
