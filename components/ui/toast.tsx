"use client";

import { useTranslations } from "next-intl";
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";

/** A button in the toast that acts on what it reports ("Undo"); the toast closes when it is pressed. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

interface Toast {
  id: number;
  tone: "success" | "error" | "info";
  text: string;
  action?: ToastAction;
}

type Show = (tone: Toast["tone"], text: string, options?: { action?: ToastAction }) => void;
const ToastContext = createContext<Show | null>(null);

/**
 * `const toast = useToast(); toast("success", result.message)`: a notice at the bottom of the
 * screen, where it is seen wherever the user scrolled to, read out by screen readers (a live
 * region), gone after a few seconds (errors stay until closed; one with an action stays longer,
 * so the action can be reached with the keyboard). For messages that belong to a
 * form, prefer the form's own <Notice> next to its button.
 */
export function useToast(): Show {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs <ToastProvider> (app/layout.tsx).");
  return show;
}

const STYLES = {
  success: "bg-emerald-50 text-emerald-900 ring-emerald-600/30",
  error: "bg-red-50 text-red-900 ring-red-600/30",
  info: "bg-sky-50 text-sky-900 ring-sky-600/30",
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useTranslations("common");
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const show = useCallback<Show>(
    (tone, text, options) => {
      const id = ++next.current;
      setToasts((list) => [...list.slice(-2), { id, tone, text, action: options?.action }]);
      if (tone !== "error") setTimeout(() => dismiss(id), options?.action ? 15000 : 6000);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:px-6"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ring-1 ${STYLES[toast.tone]}`}
          >
            <p className="flex-1">{toast.text}</p>
            {toast.action && (
              <button
                type="button"
                onClick={() => {
                  dismiss(toast.id);
                  toast.action!.onClick();
                }}
                className="rounded px-1 font-semibold underline hover:no-underline"
              >
                {toast.action.label}
              </button>
            )}
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="rounded px-1 font-semibold opacity-70 hover:opacity-100"
              aria-label={t("close")}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
