"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { FormTextField } from "@/components/forms/form-fields";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useEmailRequestForm } from "./email-request-form";
import type { FormResult } from "@/lib/portal/form-result";
import { verificationResendSchema } from "@/lib/users/schemas";

/** On the page of a confirmation link that failed: a new link to the address of an account that waits for one. */
export function ResendVerificationForm({ action }: { action: (input: z.input<typeof verificationResendSchema>) => Promise<FormResult> }) {
  const t = useTranslations("auth.verify");
  const { form, submit, pending, notice } = useEmailRequestForm(verificationResendSchema, action);
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t("resendFormLabel")}>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <FormTextField form={form} name="email" label={t("resendEmail")} type="email" autoComplete="email" />
      <Button type="submit" pending={pending}>
        {t("resendSubmit")}
      </Button>
    </form>
  );
}
