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
