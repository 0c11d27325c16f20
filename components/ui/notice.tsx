import type { ReactNode } from "react";

/** Feedback after an action: success is announced politely, errors assertively. */
export function Notice({ tone, children }: { tone: "success" | "error" | "info"; children: ReactNode }) {
  const styles = {
    success: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
    error: "bg-red-50 text-red-800 ring-red-600/20",
    info: "bg-sky-50 text-sky-800 ring-sky-600/20",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md px-4 py-3 text-sm ring-1 ring-inset ${styles}`}>
      {children}
    </div>
  );
}

/**
 * An action's message in the row of the buttons that ran it: it takes the room left beside them
 * and, where there is none, its own line.
 */
export function RowNotice({ notice }: { notice: { tone: "success" | "error" | "info"; text: ReactNode } | null }) {
  if (!notice) return null;
  return (
    <div className="min-w-0 flex-1">
      <Notice tone={notice.tone}>{notice.text}</Notice>
    </div>
  );
}
