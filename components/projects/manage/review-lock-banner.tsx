"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
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
  const router = useRouter();
  const withdrawal = useAction({ success: "none", failure: "notice" });
  const onWithdraw = (send: NonNullable<typeof withdraw>) =>
    withdrawal.run(
      async () => {
        const result = await send(target, "DRAFT", "");
        // Whatever the answer: a refusal may mean the review has moved on meanwhile.
        router.refresh();
        return result;
      },
      { confirm: { title: t("confirmTitle"), body: t("confirmBody"), confirmLabel: t("withdraw"), tone: "danger" } },
    );
  return (
    <div
      role="status"
      data-testid="review-lock"
      className="space-y-3 rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <p className="font-semibold">{t("title")}</p>
      <p>{t("text")}</p>
      {withdrawal.notice && <Notice tone="error">{withdrawal.notice.text}</Notice>}
      {withdraw && (
        <Button type="button" variant="secondary" pending={withdrawal.pending} onClick={() => onWithdraw(withdraw)}>
          {t("withdraw")}
        </Button>
      )}
    </div>
  );
}
