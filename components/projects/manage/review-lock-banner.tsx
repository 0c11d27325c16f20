"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectTarget } from "./presentation-form";

/**
 * The manage area's banner while the project is in review: its reviewed content is locked (the
 * services answer 409 `in_review`), and the team may withdraw the submission (back to a draft),
 * after a confirmation. `withdraw` is null for members who may not withdraw.
 */
export function ReviewLockBanner({
  target,
  withdraw,
}: {
  target: ProjectTarget;
  withdraw: ((target: ProjectTarget, to: string, reason: string) => Promise<FormResult>) | null;
}) {
  const t = useTranslations("manage.lock");
  const confirm = useConfirm();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    if (!withdraw) return;
    const confirmed = await confirm({ title: t("confirmTitle"), body: t("confirmBody"), confirmLabel: t("withdraw"), tone: "danger" });
    if (!confirmed) return;
    startTransition(async () => {
      const result = await withdraw(target, "DRAFT", "");
      setFailure(result.ok ? null : result.message);
      router.refresh();
    });
  };
  return (
    <div
      role="status"
      data-testid="review-lock"
      className="space-y-3 rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <p className="font-semibold">{t("title")}</p>
      <p>{t("text")}</p>
      {failure && <Notice tone="error">{failure}</Notice>}
      {withdraw && (
        <Button type="button" variant="secondary" pending={pending} onClick={run}>
          {t("withdraw")}
        </Button>
      )}
    </div>
  );
}
