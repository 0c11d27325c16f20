"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";

/**
 * Copies `text` to the clipboard. The button says "Copied" for a moment, and a polite live region
 * tells screen readers; `label` names what is copied ("Copy the token") for them, until it says "Copied".
 */
export function CopyButton({ text, label, tone = "light" }: { text: string; label: string; tone?: "light" | "dark" }) {
  const t = useTranslations("common");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  const colours =
    tone === "dark"
      ? "bg-slate-700 text-white ring-slate-500 hover:bg-slate-600 focus-visible:outline-white"
      : "bg-white text-slate-900 ring-slate-300 hover:bg-slate-50 focus-visible:outline-indigo-600";
  return (
    <>
      <button
        type="button"
        onClick={copy}
        // While it says "Copied", that is its name: a spoken name holds the words shown (WCAG 2.5.3).
        aria-label={state === "copied" ? undefined : label}
        className={`inline-flex shrink-0 items-center rounded-md px-2.5 py-1.5 text-xs font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 ${colours}`}
      >
        {state === "copied" ? t("copied") : t("copy")}
      </button>
      <span role="status" aria-live="polite" className={state === "failed" ? "text-xs text-red-600" : "sr-only"}>
        {state === "copied" ? t("copied") : state === "failed" ? t("copyFailed") : ""}
      </span>
    </>
  );
}
