"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { translateServerMessage } from "@/lib/i18n/server-messages";
import { validationErrorMap } from "@/lib/i18n/validation-messages";

/**
 * The browser-side check of a form says what the server would say, in the reader's language: the
 * shared schemas' English messages go through the same table as the server's answers
 * (lib/i18n/server-messages), and zod's own messages are worded from the catalogue
 * (lib/i18n/validation-messages.ts). Forms get it through `useSchemaForm` (./use-schema-form.ts):
 * `resolver: useLocalizedResolver(zodResolver(schema, useValidationMessages()))`.
 */
/** zodResolver's parse options that word zod's own messages in the reader's language. */
export function useValidationMessages(): { error: z.core.$ZodErrorMap } {
  const t = useTranslations("common.validation");
  return useMemo(() => ({ error: validationErrorMap((key, values) => t(key, values)) }), [t]);
}

export function useLocalizedResolver<Values extends FieldValues, Context, Output>(
  resolver: Resolver<Values, Context, Output>,
): Resolver<Values, Context, Output> {
  const locale = useLocale();
  return useMemo(() => localizedResolver(resolver, locale), [resolver, locale]);
}

export function localizedResolver<Values extends FieldValues, Context, Output>(
  resolver: Resolver<Values, Context, Output>,
  locale: string,
): Resolver<Values, Context, Output> {
  if (locale === "en") return resolver;
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    return { ...result, errors: translateErrors(result.errors, locale) } as typeof result;
  };
}

function translateErrors<T>(errors: T, locale: string): T {
  if (!errors || typeof errors !== "object") return errors;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === "ref") out[key] = value;
    else if (key === "message" && typeof value === "string") out[key] = translateServerMessage(value, locale);
    else out[key] = typeof value === "object" && value !== null ? translateErrors(value, locale) : value;
  }
  return out as T;
}
