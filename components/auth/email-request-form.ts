"use client";

import type { z } from "zod";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import type { FormResult } from "@/lib/portal/form-result";

/**
 * The set-up of a form of one e-mail address that asks for a mail with a link (Forgot password,
 * a new confirmation link): empty at first, and empty again once the mail is on its way.
 */
export function useEmailRequestForm(
  schema: z.ZodType<unknown, { email: string }>,
  action: (input: { email: string }) => Promise<FormResult>,
) {
  return useSchemaForm({ schema, defaultValues: { email: "" }, action, resetOnSuccess: true });
}
