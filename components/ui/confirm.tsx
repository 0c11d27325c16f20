"use client";

import { useTranslations } from "next-intl";
import { createContext, useCallback, useContext, useId, useRef, useState, type ReactNode } from "react";
import { TextAreaField } from "./textarea";

/** What a confirmation says: what will happen, and the words of its button. */
export interface ConfirmRequest {
  title: string;
  /** What happens, in a sentence or two (and what cannot be undone). */
  body?: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "primary";
  /** Asks for a text too (a reason): the answer is that text, and the button waits until it is given. */
  input?: { label: string; required?: boolean; maxLength?: number };
}

/** true or false; with `input`, the text given or null when cancelled. */
type Answer = boolean | string | null;
type Ask = (request: ConfirmRequest) => Promise<Answer>;

const ConfirmContext = createContext<Ask | null>(null);

/**
 * `const confirm = useConfirm(); if (!(await confirm({ title, body, confirmLabel }))) return;`:
 * a modal dialog (the browser's <dialog>: focus moves into it and stays there, Escape cancels)
 * instead of window.confirm, so it speaks the page's language and says what will happen.
 */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error("useConfirm needs <ConfirmProvider> (app/layout.tsx).");
  return ask;
}

/** Convenience for `input` requests: the reason given, or null when cancelled. */
export function useAskReason() {
  const ask = useConfirm();
  return (request: ConfirmRequest & { input: NonNullable<ConfirmRequest["input"]> }) => ask(request) as Promise<string | null>;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const t = useTranslations("common");
  const dialog = useRef<HTMLDialogElement>(null);
  const resolver = useRef<((answer: Answer) => void) | null>(null);
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [text, setText] = useState("");
  const titleId = useId();
  const bodyId = useId();

  const ask = useCallback<Ask>((next) => {
    resolver.current?.(next.input ? null : false);
    setRequest(next);
    setText("");
    requestAnimationFrame(() => dialog.current?.showModal());
    return new Promise<Answer>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const finish = (answer: Answer) => {
    resolver.current?.(answer);
    resolver.current = null;
    dialog.current?.close();
  };

  const confirmable = !request?.input?.required || text.trim().length > 0;
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={request?.body ? bodyId : undefined}
        onClose={() => finish(request?.input ? null : false)}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-0 text-slate-900 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/50"
      >
        {request && (
          <form
            method="dialog"
            className="space-y-4 p-6"
            onSubmit={(event) => {
              event.preventDefault();
              if (confirmable) finish(request.input ? text.trim() : true);
            }}
          >
            <h2 id={titleId} className="text-lg font-semibold">
              {request.title}
            </h2>
            {request.body && (
              <div id={bodyId} className="text-sm text-slate-700">
                {request.body}
              </div>
            )}
            {request.input && (
              <TextAreaField
                label={request.input.label}
                autoFocus
                required={request.input.required}
                maxLength={request.input.maxLength ?? 500}
                value={text}
                onChange={(event) => setText(event.target.value)}
                rows={3}
              />
            )}
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <button
                type="button"
                // biome-ignore lint/a11y/noAutofocus: a modal dialog must take the focus; without a text field it goes to Cancel, the harmless answer (WAI-ARIA alert dialog)
                autoFocus={!request.input}
                onClick={() => finish(request.input ? null : false)}
                className="rounded-md bg-white px-3.5 py-2 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
              >
                {t("cancel")}
              </button>
              <button
                type="submit"
                disabled={!confirmable}
                className={`rounded-md px-3.5 py-2 text-sm font-semibold text-white shadow-sm disabled:cursor-not-allowed disabled:opacity-60 ${
                  request.tone === "primary" ? "bg-indigo-600 hover:bg-indigo-500" : "bg-red-600 hover:bg-red-500"
                }`}
              >
                {request.confirmLabel}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </ConfirmContext.Provider>
  );
}
