"use client";

import { useTranslations } from "next-intl";
import { FormPasswordField, FormTextField } from "@/components/forms/form-fields";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import { deleteAccountFormSchema, type DeleteAccountFormValues } from "@/lib/privacy/schemas";

/**
 * The account page's "Delete account" card: the username typed again as the confirmation, the
 * password and, with two-factor sign-in on, a code. On success the action leaves for the sign-in page.
 */
export function DeleteAccountForm({
  username,
  twoFactor,
  action,
}: {
  username: string;
  twoFactor: boolean;
  action: (input: DeleteAccountFormValues) => Promise<FormResult>;
}) {
  const t = useTranslations("account.delete");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: deleteAccountFormSchema,
    raw: true,
    defaultValues: { confirmUsername: "", password: "", otp: "" },
    action,
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("formLabel")}>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <Notice tone="error">{t("warning")}</Notice>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField
          form={form}
          name="confirmUsername"
          label={t("confirmUsername", { username })}
          autoComplete="off"
          spellCheck={false}
        />
        <FormPasswordField form={form} name="password" label={t("password")} autoComplete="current-password" />
        {twoFactor && <FormTextField form={form} name="otp" label={t("otp")} autoComplete="one-time-code" inputMode="numeric" />}
      </div>
      <FormFooter pending={pending} label={t("submit")} pendingLabel={t("pending")} variant="danger" />
    </form>
  );
}
