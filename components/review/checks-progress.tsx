"use client";

import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";

type Progress = { ticked: number; total: number };
type Report = (progress: Progress | null) => void;

const ReportContext = createContext<Report | null>(null);
const ProgressContext = createContext<Progress | null>(null);

/**
 * Carries the review checklist's state from the decision form to the phone's decision bar, which
 * sit far apart on the page (GitLab's approve box says how far the approvals are; ours says how
 * many checks are ticked).
 */
export function ChecksProgressProvider({ children }: { children: ReactNode }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  return (
    <ReportContext.Provider value={setProgress}>
      <ProgressContext.Provider value={progress}>{children}</ProgressContext.Provider>
    </ReportContext.Provider>
  );
}

/** The decision form reports its ticked checks; without a provider (the release review) nothing listens. */
export function useReportChecks(ticked: number, total: number) {
  const report = useContext(ReportContext);
  useEffect(() => {
    if (!report) return;
    report({ ticked, total });
    return () => report(null);
  }, [report, ticked, total]);
}

/**
 * Below 1024 px: a bar at the bottom of the screen that keeps the way to the decision in view, with
 * how many checks are ticked while the decision form is there. It sticks while the page scrolls and,
 * at the end, sits below the last section in its own space, so it never hides content for good.
 * `label`: "Go to the decision", from the page's messages.
 */
export function DecisionBar({ label }: { label: string }) {
  const t = useTranslations("review.decision");
  const progress = useContext(ProgressContext);
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:hidden">
      {progress && (
        <span
          data-testid="checks-progress"
          className={`shrink-0 text-sm font-medium ${progress.ticked === progress.total ? "text-emerald-700" : "text-slate-700"}`}
        >
          {t("checksProgress", progress)}
        </span>
      )}
      <a
        href="#decision"
        className="block flex-1 rounded-md bg-indigo-600 px-3 py-2 text-center text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
      >
        {label}
      </a>
    </div>
  );
}
