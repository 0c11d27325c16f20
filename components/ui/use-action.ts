"use client";

import { useState, useTransition } from "react";
import type { FormResult } from "@/lib/portal/form-result";
import { type ConfirmRequest, useConfirm } from "./confirm";
import { useToast } from "./toast";

/**
 * Where an action's answer is said: a toast; `notice`, which the component shows beside its button
 * (<Notice> or <RowNotice>); or nowhere, because the page says it (it redirects, refreshes, or
 * `onSuccess` hands the message on).
 */
export type AnswerPlace = "toast" | "notice" | "none";

/** An answer kept for the component to show; `key` is the run's, for a list that shows it in one row. */
export interface ActionNotice {
  key?: string;
  tone: "success" | "error";
  text: string;
}

export interface RunOptions<Data> {
  /** Asks first (components/ui/confirm.tsx); when cancelled, nothing runs. A reason is asked with `useAskReason` before `run`. */
  confirm?: Omit<ConfirmRequest, "input">;
  /** Which of several buttons runs, in a list: `busy` is this key while it runs, so that only its button spins. */
  key?: string;
  /** After a success, with its data and message: close an editor, show a new secret, forget an old one. */
  onSuccess?: (result: { data?: Data; message: string }) => void;
}

/**
 * A server action run from a button (a form uses `useSchemaForm` instead):
 *
 *     const removal = useAction();
 *     <Button pending={removal.busy === device.id} onClick={() => removal.run(() => actions.remove(device.id), {
 *       key: device.id,
 *       confirm: { title, body, confirmLabel },
 *     })}>
 *
 * `run` asks with `confirm` first, runs the action in a transition (`pending`) and says its answer
 * where the hook's options put it: by default a toast, success or not.
 */
export function useAction({
  success = "toast",
  failure = "toast",
}: {
  success?: AnswerPlace;
  failure?: Exclude<AnswerPlace, "none">;
} = {}) {
  const confirm = useConfirm();
  const toast = useToast();
  const [pending, startTransition] = useTransition();
  const [key, setKey] = useState<string | null>(null);
  const [notice, setNotice] = useState<ActionNotice | null>(null);

  const run = async <Data>(action: () => Promise<FormResult<Data>>, options: RunOptions<Data> = {}) => {
    if (options.confirm && !(await confirm(options.confirm))) return;
    setKey(options.key ?? null);
    startTransition(async () => {
      setNotice(null);
      const result = await action();
      const tone = result.ok ? "success" : "error";
      const place = result.ok ? success : failure;
      if (place === "toast") toast(tone, result.message);
      if (place === "notice") setNotice({ key: options.key, tone, text: result.message });
      if (result.ok) options.onSuccess?.(result);
    });
  };

  /**
   * `busy`: the `key` of the run in progress, null when none runs (or it has no key). `setNotice`
   * says what the component refuses before running (a reason missing), in the same place.
   */
  return { run, pending, busy: pending ? key : null, notice, setNotice };
}
