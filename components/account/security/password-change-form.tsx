"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useLocalizedResolver, useValidationMessages } from "@/components/forms/localized-resolver";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { changePasswordSchema } from "@/lib/account/schemas";
import type { FormResult } from "@/lib/portal/form-result";

export function PasswordChangeForm({ action }: { action: (input: z.input<typeof changePasswordSchema>) => Promise<FormResult> }) {
  const t = useTranslations("account.password");
  const form = useForm<z.input<typeof changePasswordSchema>>({ resolver: useLocalizedResolver(zodResolver(changePasswordSchema, useValidationMessages())), defaultValues: { currentPassword: "", newPassword: "" } });
  const { submit, pending, notice } = useActionForm(form, action, () => form.reset());
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("formLabel")}>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t("currentPassword")} type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register("currentPassword")} />
        <TextField label={t("newPassword")} type="password" autoComplete="new-password" hint={t("newPasswordHint")} error={errors.newPassword?.message} {...form.register("newPassword")} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" pending={pending}>
          {pending ? t("pending") : t("submit")}
        </Button>
      </div>
    </form>
  );
}
