"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import { useAction } from "@/components/ui/use-action";
import type { FormResult } from "@/lib/portal/form-result";
import type { historySchema } from "@/lib/reviews/schemas";
import type { ProjectTarget } from "./presentation-form";

type History = z.infer<typeof historySchema>;

const MOVE_KEYS = [
  "DRAFT_IN_REVIEW",
  "IN_REVIEW_DRAFT",
  "IN_REVIEW_PUBLISHED",
  "IN_REVIEW_REJECTED",
  "REJECTED_IN_REVIEW",
  "REJECTED_DRAFT",
  "PUBLISHED_ARCHIVED",
  "PUBLISHED_REJECTED",
  "ARCHIVED_DRAFT",
] as const;
type MoveKey = (typeof MOVE_KEYS)[number];
/** What completeness.ts reports missing, by path (its English message is the fallback). */
const MISSING_KEYS = ["description", "game", "category", "logoUrl", "launcher", "pages", "settings.supportLinks"] as const;
type MissingKey = (typeof MISSING_KEYS)[number];
const CHECK_KEYS = ["completeness", "quality", "guidelines", "security"] as const;
type CheckKey = (typeof CHECK_KEYS)[number];

export function ReviewPanel({
  target,
  history,
  missingLinks,
  action,
}: {
  target: ProjectTarget;
  history: History;
  /** Where each missing item (by path) is fixed: its tab or field, for the tabs this user may open. */
  missingLinks: Record<string, string>;
  /** Moves the project to status `to`; an empty reason is left out. */
  action: (target: ProjectTarget, to: string, reason: string) => Promise<FormResult>;
}) {
  const t = useTranslations("manage.review");
  const status = useTranslations("labels.projectStatus");
  const missingText = (item: { path: string; message: string }) =>
    MISSING_KEYS.includes(item.path as MissingKey) ? t(`missing.${item.path as MissingKey}`) : item.message;
  const moveLabel = (to: string) => {
    const key = `${history.status}_${to}`;
    return MOVE_KEYS.includes(key as MoveKey)
      ? t(`moves.${key as MoveKey}`)
      : (history.allowedMoves.find((move) => move.to === to)?.label ?? to);
  };
  const { run, pending, busy, notice, setNotice } = useAction({ success: "notice", failure: "notice" });
  const [reason, setReason] = useState("");

  const move = (to: string, needsReason: boolean) => {
    if (needsReason && !reason.trim()) setNotice({ tone: "error", text: t("reasonFirst") });
    else run(() => action(target, to, reason), { key: to, onSuccess: () => setReason("") });
  };
  const needsReason = history.allowedMoves.some((m) => m.reasonRequired);

  return (
    <div className="space-y-6">
      {history.queue && (
        <Notice tone="info">
          {t.rich("queue", { position: history.queue.position, when: () => <LocalTime at={history.queue!.submittedAt} /> })}
        </Notice>
      )}
      {history.missing.length > 0 && (
        <div className="rounded-md bg-amber-50 p-4 ring-1 ring-amber-200">
          <h3 className="font-semibold text-amber-900">{t("beforeSubmit")}</h3>
          <ul className="mt-2 list-inside list-disc text-sm text-amber-900" aria-label={t("missingLabel")}>
            {history.missing.map((item) => (
              <li key={`${item.path}:${item.message}`}>
                {missingLinks[item.path] ? (
                  <Link href={missingLinks[item.path]!} className="font-medium underline hover:text-amber-700">
                    {missingText(item)}
                  </Link>
                ) : (
                  missingText(item)
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {history.allowedMoves.length > 0 && (
        <div className="space-y-3">
          {needsReason && <TextAreaField label={t("reason")} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />}
          <div className="flex flex-wrap gap-2">
            {history.allowedMoves.map((moveOption) => (
              <Button
                key={moveOption.to}
                type="button"
                variant={moveOption.to === "IN_REVIEW" ? "primary" : "secondary"}
                disabled={pending || (moveOption.to === "IN_REVIEW" && history.missing.length > 0)}
                pending={busy === moveOption.to}
                onClick={() => move(moveOption.to, moveOption.reasonRequired)}
              >
                {moveLabel(moveOption.to)}
              </Button>
            ))}
          </div>
        </div>
      )}
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {history.reviews.length > 0 && (
        <section aria-labelledby="outcomes" className="space-y-3">
          <h3 id="outcomes" className="font-semibold">
            {t("outcomes")}
          </h3>
          {history.reviews.map((review) => (
            <article
              key={review.at}
              className={`rounded-md p-4 ring-1 ${review.decision === "APPROVE" ? "bg-emerald-50 ring-emerald-200" : "bg-red-50 ring-red-200"}`}
            >
              <p className="text-sm font-semibold">
                {review.decision === "APPROVE" ? t("approved") : t("notApproved")} · <LocalTime at={review.at} />
                {review.version !== null && ` · ${t("decidedVersion", { version: review.version })}`}
              </p>
              {review.publicReason && (
                <p className="mt-1 text-sm" data-testid="public-reason">
                  {review.publicReason}
                </p>
              )}
              <ul className="mt-2 grid gap-1 text-xs sm:grid-cols-2">
                {Object.entries(review.checklist).map(([item, check]) => (
                  <li key={item}>
                    <span aria-hidden>{check.passed ? "✓" : "✗"}</span>{" "}
                    <span className="sr-only">{check.passed ? t("passed") : t("failed")}</span>{" "}
                    {CHECK_KEYS.includes(item as CheckKey) ? t(`checks.${item as CheckKey}`) : item}
                    {check.note ? `: ${check.note}` : ""}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </section>
      )}
      <section aria-labelledby="history">
        <h3 id="history" className="font-semibold">
          {t("history")}
        </h3>
        {history.transitions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t("noHistory")}</p>
        ) : (
          <ol className="mt-2 space-y-1 text-sm">
            {history.transitions.map((entry) => (
              <li key={`${entry.at}-${entry.to}`}>
                <LocalTime at={entry.at} className="text-slate-500" /> {status(entry.from)} → <strong>{status(entry.to)}</strong>
                {entry.by ? ` ${t("by", { name: entry.by.displayName })}` : ""}
                {entry.reason ? `: ${entry.reason}` : ""}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
