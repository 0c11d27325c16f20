"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { FormTextField } from "@/components/forms/form-fields";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { enterUserCodeSchema } from "@/lib/device-sign-in/schemas";
import type { FormResult } from "@/lib/portal/form-result";

interface Props {
  /** What the address carried, kept in the field when it was wrong. */
  initialCode?: string;
  action: (input: z.input<typeof enterUserCodeSchema>) => Promise<FormResult>;
}

/** The code a device shows: typed in any case, with or without the dash; the page then shows what it asks for. */
export function DeviceCodeForm({ initialCode = "", action }: Props) {
  const t = useTranslations("auth.device");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: enterUserCodeSchema,
    raw: true,
    defaultValues: { userCode: initialCode },
    action,
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t("formLabel")}>
      <FormTextField
        form={form}
        name="userCode"
        label={t("code")}
        hint={t("codeHint")}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <FormFooter pending={pending} label={t("continue")} notice={notice} />
    </form>
  );
}
