"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useAskReason } from "@/components/ui/confirm";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectTarget } from "./presentation-form";

export function DeleteProject({
  target,
  name,
  version,
  blockedReason,
  action,
}: {
  target: ProjectTarget;
  name: string;
  version: number;
  /** Why it cannot be deleted now, in the reader's words; null when it can. */
  blockedReason: string | null;
  /** Deletes and goes on to My projects; it answers only when something is wrong. */
  action: (target: ProjectTarget, version: number) => Promise<FormResult>;
}) {
  const t = useTranslations("manage.delete");
  const ask = useAskReason();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const onDelete = async () => {
    const typed = await ask({
      title: t("confirmTitle", { name }),
      body: t("confirmBody"),
      confirmLabel: t("button"),
      input: { label: t("typeName", { name }), required: true, maxLength: 200 },
    });
    if (typed === null) return;
    if (typed.trim() !== name) {
      setMessage(t("mismatch"));
      return;
    }
    setMessage(null);
    startTransition(async () => {
      const result = await action(target, version);
      if (!result.ok) setMessage(result.message);
    });
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t("text")}</p>
      {blockedReason && <Notice tone="info">{blockedReason}</Notice>}
      {message && <Notice tone="error">{message}</Notice>}
      <Button type="button" variant="danger" disabled={Boolean(blockedReason)} pending={pending} onClick={onDelete}>
        {t("button")}
      </Button>
    </div>
  );
}
