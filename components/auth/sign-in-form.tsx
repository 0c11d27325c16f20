"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { FormPasswordField, FormTextField } from "@/components/forms/form-fields";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { signInCodeFormSchema, signInFormSchema } from "@/lib/auth/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import { useSchemaForm } from "@/components/forms/use-schema-form";

/** What a step answers: ask for the second factor, or signed in (the action then redirects to `next`). */
type SignInStep = { step: "code" } | { step: "signed-in"; next: string };
type SignInStepAction<Input> = (input: Input, next?: string) => Promise<FormResult<SignInStep>>;

export interface SignInActions {
  password: SignInStepAction<z.input<typeof signInFormSchema>>;
  code: SignInStepAction<z.input<typeof signInCodeFormSchema>>;
}

const link = "font-semibold text-indigo-600 hover:text-indigo-500";

export function SignInForm({ next, actions }: { next?: string; actions: SignInActions }) {
  const [step, setStep] = useState<"password" | "code">("password");
  return step === "password" ? (
    <PasswordStep next={next} action={actions.password} onCodeRequired={() => setStep("code")} />
  ) : (
    <CodeStep next={next} action={actions.code} />
  );
}

function PasswordStep({ next, action, onCodeRequired }: { next?: string; action: SignInActions["password"]; onCodeRequired: () => void }) {
  const t = useTranslations("auth.signIn");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: signInFormSchema,
    defaultValues: { login: "", password: "" },
    action: (values) => action(values, next),
    onSuccess: (data) => {
      if (data?.step === "code") onCodeRequired();
    },
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("formLabel")}>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <FormTextField form={form} name="login" label={t("login")} autoComplete="username" autoFocus />
      <FormPasswordField form={form} name="password" label={t("password")} autoComplete="current-password" />
      <div className="flex justify-end text-sm">
        <Link href="/forgot-password" className={link}>
          {t("forgot")}
        </Link>
      </div>
      <Button type="submit" pending={pending} className="w-full">
        {pending ? t("pending") : t("submit")}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t("newHere")}{" "}
        <Link href={next ? `/sign-up?next=${encodeURIComponent(next)}` : "/sign-up"} className={link}>
          {t("createAccount")}
        </Link>
      </p>
    </form>
  );
}

function CodeStep({ next, action }: { next?: string; action: SignInActions["code"] }) {
  const t = useTranslations("auth.signIn");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: signInCodeFormSchema,
    defaultValues: { code: "" },
    action: (values) => action(values, next),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("codeFormLabel")}>
      <Notice tone={notice?.tone ?? "info"}>{notice?.text ?? t("codePrompt")}</Notice>
      <FormTextField
        form={form}
        name="code"
        label={t("code")}
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        hint={t("codeHint")}
      />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? t("codePending") : t("codeSubmit")}
      </Button>
    </form>
  );
}
