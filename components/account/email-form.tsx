"use client";

import { useTranslations } from "next-intl";
import { FormPasswordField, FormTextField } from "@/components/forms/form-fields";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import { emailChangeFormSchema, type EmailChangeFormValues } from "@/lib/users/schemas";

export function EmailForm({
  email,
  version,
  action,
}: {
  email: string;
  version: number;
  action: (input: EmailChangeFormValues) => Promise<FormResult<{ version: number }>>;
}) {
  const t = useTranslations("account.email");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: emailChangeFormSchema,
    raw: true,
    defaultValues: { email, currentPassword: "", version },
    action: action,
    onSuccess: (data, values) => form.reset({ email: values.email, currentPassword: "", version: data!.version }),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("formLabel")}>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField form={form} name="email" label={t("newEmail")} type="email" autoComplete="email" />
        <FormPasswordField form={form} name="currentPassword" label={t("currentPassword")} autoComplete="current-password" />
      </div>
      <input type="hidden" {...form.register("version", { valueAsNumber: true })} />
      <FormFooter pending={pending} label={t("submit")} pendingLabel={t("pending")} variant="secondary" />
    </form>
  );
}
