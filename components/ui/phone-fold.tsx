import type { ReactNode } from "react";

/**
 * A secondary part of a page that a phone folds behind its summary and a wider screen always
 * shows (from 640 px the summary is hidden and the content stays visible, as the directory's
 * filters do). A `<details>`: Tab reaches the summary, Enter or Space opens it, no script needed.
 */
export function PhoneFold({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  return (
    <details className="sm:[&::details-content]:[content-visibility:visible]">
      <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-900 ring-1 ring-slate-200 hover:bg-slate-50 sm:hidden">
        {summary}
      </summary>
      <div className="pt-3 sm:pt-0">{children}</div>
    </details>
  );
}
