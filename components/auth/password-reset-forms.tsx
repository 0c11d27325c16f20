"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { FormPasswordField, FormTextField } from "@/components/forms/form-fields";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useEmailRequestForm } from "./email-request-form";
import { passwordResetConfirmSchema, passwordResetRequestSchema } from "@/lib/account/schemas";
import type { FormResult } from "@/lib/portal/form-result";

const link = "font-semibold text-indigo-600 hover:text-indigo-500";

export function ForgotPasswordForm({ action }: { action: (input: z.input<typeof passwordResetRequestSchema>) => Promise<FormResult> }) {
  const t = useTranslations("auth.forgot");
  const { form, submit, pending, notice } = useEmailRequestForm(passwordResetRequestSchema, action);
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("formLabel")}>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <FormTextField form={form} name="email" label={t("email")} type="email" autoComplete="email" autoFocus />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? t("pending") : t("submit")}
      </Button>
      <p className="text-center text-sm">
        <Link href="/sign-in" className={link}>
          {t("back")}
        </Link>
      </p>
    </form>
  );
}

export function ResetPasswordForm({
  token,
  action,
}: {
  token: string;
  action: (input: z.input<typeof passwordResetConfirmSchema>) => Promise<FormResult>;
}) {
  const t = useTranslations("auth.reset");
  const { form, errors, submit, pending, notice } = useSchemaForm({
    schema: passwordResetConfirmSchema,
    defaultValues: { token, newPassword: "" },
    action: action,
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("formLabel")}>
      {notice && (
        <Notice tone={notice.tone}>
          {notice.text}
          {notice.tone === "error" && !errors.newPassword && (
            <>
              {" "}
              <Link href="/forgot-password" className="font-semibold underline focus-visible:outline-2 focus-visible:outline-offset-2">
                {t("askAgain")}
              </Link>
            </>
          )}
        </Notice>
      )}
      <input type="hidden" {...form.register("token")} />
      <FormPasswordField form={form} name="newPassword" label={t("newPassword")} autoComplete="new-password" autoFocus />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? t("pending") : t("submit")}
      </Button>
    </form>
  );
}
