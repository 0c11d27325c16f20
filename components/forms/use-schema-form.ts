"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import type { FormResult } from "@/lib/portal/form-result";
import { useLocalizedResolver, useValidationMessages } from "./localized-resolver";
import { useActionForm } from "./use-action-form";

export interface SchemaFormOptions<Values extends FieldValues, Data> {
  /** The shared schema that the server action parses too. */
  schema: z.ZodType<unknown, Values>;
  defaultValues: NoInfer<DefaultValues<Values>>;
  /** The server action, called with the form's values once the browser-side check passed. */
  action: (values: NoInfer<Values>) => Promise<FormResult<Data>>;
  onSuccess?: (data: NoInfer<Data> | undefined, values: NoInfer<Values>) => void;
  /** Hand the action the values as typed, not as the schema parsed them (ids the server coerces, optional fields kept empty). */
  raw?: boolean;
  /**
   * The action saves at the form's `version` and answers the new one (`{ version }`): after a save the form holds
   * the values saved, at that version, so that the next save expects it (and is not a conflict). Implies `raw`:
   * the form is reset to its own values as typed, never to what the schema made of them.
   */
  versioned?: boolean;
  /** After a successful submit the form is back at its default values, ready for the next one (a warning, an invitation, a link by e-mail). */
  resetOnSuccess?: boolean;
}

/**
 * The one set-up of a form: the shared zod schema checks it in the browser with the same messages
 * as the server, in the reader's language (`useLocalizedResolver`); submitting calls the server
 * action, puts its field errors at their fields and keeps its message for the form's notice
 * (`useActionForm`). `errors` are the form's field errors (`form.formState.errors`).
 */
export function useSchemaForm<Values extends FieldValues, Data = undefined>({
  schema,
  defaultValues,
  action,
  onSuccess,
  raw = false,
  versioned = false,
  resetOnSuccess = false,
}: SchemaFormOptions<Values, Data>) {
  const messages = useValidationMessages();
  const resolver = useLocalizedResolver(
    (raw || versioned ? zodResolver(schema, messages, { raw: true }) : zodResolver(schema, messages)) as Resolver<Values>,
  );
  const form = useForm<Values>({ resolver, defaultValues });
  const saved = (data: Data | undefined, values: Values) => {
    if (versioned) form.reset({ ...values, version: (data as { version: number }).version });
    if (resetOnSuccess) form.reset();
    onSuccess?.(data, values);
  };
  const { submit, pending, notice, setNotice } = useActionForm(form, action, saved);
  return { form, errors: form.formState.errors, submit, pending, notice, setNotice };
}
