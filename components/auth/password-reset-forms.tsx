"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { passwordResetConfirmSchema, passwordResetRequestSchema } from "@/lib/account/schemas";
import type { FormResult } from "@/lib/portal/form-result";

export function ForgotPasswordForm({ action }: { action: (input: z.input<typeof passwordResetRequestSchema>) => Promise<FormResult> }) {
  const form = useForm<z.input<typeof passwordResetRequestSchema>>({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: "" } });
  const { submit, pending, notice } = useActionForm(form, action, () => form.reset());
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Forgot password">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <TextField label="E-mail address" type="email" autoComplete="email" autoFocus error={errors.email?.message} {...form.register("email")} />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? "Sending…" : "Send reset link"}
      </Button>
      <p className="text-center text-sm">
        <Link href="/sign-in" className="font-semibold text-indigo-600 hover:text-indigo-500">
          Back to sign-in
        </Link>
      </p>
    </form>
  );
}

export function ResetPasswordForm({ token, action }: { token: string; action: (input: z.input<typeof passwordResetConfirmSchema>) => Promise<FormResult> }) {
  const form = useForm<z.input<typeof passwordResetConfirmSchema>>({ resolver: zodResolver(passwordResetConfirmSchema), defaultValues: { token, newPassword: "" } });
  const { submit, pending, notice } = useActionForm(form, action);
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Choose a new password">
      {notice && (
        <Notice tone={notice.tone}>
          {notice.text}
          {notice.tone === "error" && !errors.newPassword && (
            <>
              {" "}
              <Link href="/forgot-password" className="font-semibold underline">
                Ask for a new link
              </Link>
            </>
          )}
        </Notice>
      )}
      <input type="hidden" {...form.register("token")} />
      <TextField label="New password" type="password" autoComplete="new-password" autoFocus error={errors.newPassword?.message} {...form.register("newPassword")} />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? "Saving…" : "Set new password"}
      </Button>
    </form>
  );
}
