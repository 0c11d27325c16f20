"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useAskReason } from "@/components/ui/confirm";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
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
  const deletion = useAction({ success: "none", failure: "notice" });
  const onDelete = async () => {
    const typed = await ask({
      title: t("confirmTitle", { name }),
      body: t("confirmBody"),
      confirmLabel: t("button"),
      input: { label: t("typeName", { name }), required: true, maxLength: 200 },
    });
    if (typed === null) return;
    if (typed.trim() !== name) deletion.setNotice({ tone: "error", text: t("mismatch") });
    else deletion.run(() => action(target, version));
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t("text")}</p>
      {blockedReason && <Notice tone="info">{blockedReason}</Notice>}
      {deletion.notice && <Notice tone="error">{deletion.notice.text}</Notice>}
      <Button type="button" variant="danger" disabled={Boolean(blockedReason)} pending={deletion.pending} onClick={onDelete}>
        {t("button")}
      </Button>
    </div>
  );
}
