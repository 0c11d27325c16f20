"use client";

import { useLocale } from "next-intl";
import { useState, useTransition } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { translateServerMessage } from "@/lib/i18n/server-messages";
import type { FormResult } from "@/lib/portal/form-result";
import { applyFieldErrors } from "./apply-field-errors";

export interface FormNoticeState {
  tone: "success" | "error";
  text: string;
}

/**
 * Submits a react-hook-form form to a server action: shows progress, puts the server's field
 * errors at their fields and keeps the message for a <Notice> (the server's messages arrive in the
 * reader's language; pair it with `useLocalizedResolver` for the browser-side check). Actions that redirect on success
 * never return, so nothing is shown then.
 */
export function useActionForm<Values extends FieldValues, Data>(
  form: UseFormReturn<Values>,
  action: (values: Values) => Promise<FormResult<Data>>,
  onSuccess?: (data: Data | undefined, values: Values) => void,
) {
  const locale = useLocale();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<FormNoticeState | null>(null);
  const submit = form.handleSubmit(
    (values) =>
      startTransition(async () => {
        setNotice(null);
        const result = await action(values);
        if (result.ok) {
          onSuccess?.(result.data, values);
          setNotice({ tone: "success", text: result.message });
        } else {
          applyFieldErrors(form.setError, result.fieldErrors);
          setNotice({ tone: "error", text: result.message });
        }
      }),
    // The browser-side check failed: say so, even if the field with the problem shows no message.
    () => {
      setNotice({ tone: "error", text: translateServerMessage("Please correct the highlighted fields.", locale) });
    },
  );
  return { submit, pending, notice, setNotice };
}
