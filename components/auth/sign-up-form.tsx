"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { FormPasswordField, FormTextField } from "@/components/forms/form-fields";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import { registerSchema } from "@/lib/users/schemas";
import { useSchemaForm } from "@/components/forms/use-schema-form";

/** `action` registers, signs in and redirects (to `next`, the page the visitor came from, when it is ours); it answers only when something is wrong. */
export function SignUpForm({
  next,
  action,
}: {
  next?: string;
  action: (input: z.input<typeof registerSchema>, next?: string) => Promise<FormResult<{ next: string }>>;
}) {
  const t = useTranslations("auth.signUp");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: registerSchema,
    defaultValues: { username: "", email: "", password: "", displayName: "" },
    action: (input) => action(input, next),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("formLabel")}>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <FormTextField form={form} name="username" label={t("username")} autoComplete="username" autoFocus hint={t("usernameHint")} />
      <FormTextField form={form} name="displayName" label={t("displayName")} autoComplete="nickname" />
      <FormTextField form={form} name="email" label={t("email")} type="email" autoComplete="email" />
      <FormPasswordField form={form} name="password" label={t("password")} autoComplete="new-password" hint={t("passwordHint")} />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? t("pending") : t("submit")}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t("registered")}{" "}
        <Link
          href={next ? `/sign-in?next=${encodeURIComponent(next)}` : "/sign-in"}
          className="font-semibold text-indigo-600 hover:text-indigo-500"
        >
          {t("signIn")}
        </Link>
      </p>
    </form>
  );
}
