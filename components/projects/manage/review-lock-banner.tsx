"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectTarget } from "./presentation-form";

/**
 * The manage area's banner while the project is in review: its reviewed content is locked (the
 * services answer 409 `in_review`; the locked forms show themselves read-only), and the team may
 * withdraw the submission (back to a draft), after a confirmation. Compact: the title and the
 * Withdraw button on one line, the details behind a disclosure. `withdraw` is null for members who
 * may not withdraw. The Review tab offers Withdraw submission itself, beside the queue position and
 * the history: there the banner leaves it out, so the page has one button for the act.
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
  const onReviewTab = usePathname() === `/projects/${target.slug}/manage/review`;
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
  // One line with the action on every tab (on a phone the first screen stays for the tab itself);
  // what is locked and why sits behind the disclosure.
  return (
    <div
      role="status"
      data-testid="review-lock"
      className="space-y-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <details className="group min-w-0 flex-1 basis-48">
          <summary className="cursor-pointer">
            <span className="font-semibold">{t("title")}</span> <span className="text-amber-800 underline">{t("details")}</span>
          </summary>
          <p className="mt-2">{t("text")}</p>
        </details>
        {withdraw && !onReviewTab && (
          <Button type="button" variant="secondary" pending={withdrawal.pending} onClick={() => onWithdraw(withdraw)}>
            {t("withdraw")}
          </Button>
        )}
      </div>
      {withdrawal.notice && <Notice tone="error">{withdrawal.notice.text}</Notice>}
    </div>
  );
}
