"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import { registerSchema } from "@/lib/users/schemas";
import { useSchemaForm } from "@/components/forms/use-schema-form";

/** `action` registers, signs in and redirects; it answers only when something is wrong. */
export function SignUpForm({ action }: { action: (input: z.input<typeof registerSchema>) => Promise<FormResult> }) {
  const t = useTranslations("auth.signUp");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: registerSchema,
    defaultValues: { username: "", email: "", password: "", displayName: "" },
    action: action,
  });
  const errors = form.formState.errors;

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("formLabel")}>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <TextField
        label={t("username")}
        autoComplete="username"
        autoFocus
        hint={t("usernameHint")}
        error={errors.username?.message}
        {...form.register("username")}
      />
      <TextField label={t("displayName")} autoComplete="nickname" error={errors.displayName?.message} {...form.register("displayName")} />
      <TextField label={t("email")} type="email" autoComplete="email" error={errors.email?.message} {...form.register("email")} />
      <TextField
        label={t("password")}
        type="password"
        autoComplete="new-password"
        hint={t("passwordHint")}
        error={errors.password?.message}
        {...form.register("password")}
      />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? t("pending") : t("submit")}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t("registered")}{" "}
        <Link href="/sign-in" className="font-semibold text-indigo-600 hover:text-indigo-500">
          {t("signIn")}
        </Link>
      </p>
    </form>
  );
}
