import type { ReactNode } from "react";

/**
 * `plain`: a part inside a form or card; on a phone its summary looks like a button.
 * `panel`: a page's filters on a white card of their own, the summary its title on a phone
 * (the directory, the audit log).
 */
type Look = "plain" | "panel";

const LOOK: Record<Look, { details: string; summary: string; content: string }> = {
  plain: {
    details: "",
    summary: "rounded-md px-3 py-2 font-medium ring-1 ring-slate-200 hover:bg-slate-50",
    content: "pt-3 sm:pt-0",
  },
  panel: { details: "rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200", summary: "font-semibold", content: "mt-3 sm:mt-0" },
};

/**
 * A secondary part of a page that a phone folds behind its summary and a wider screen always
 * shows (from 640 px the summary is hidden and the content stays visible). A `<details>`: Tab
 * reaches the summary, Enter or Space opens it, no script needed.
 */
export function PhoneFold({ summary, children, look = "plain" }: { summary: ReactNode; children: ReactNode; look?: Look }) {
  return (
    <details className={`sm:[&::details-content]:[content-visibility:visible] ${LOOK[look].details}`}>
      <summary className={`cursor-pointer text-sm text-slate-900 sm:hidden ${LOOK[look].summary}`}>{summary}</summary>
      <div className={LOOK[look].content}>{children}</div>
    </details>
  );
}
