"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import { emailChangeFormSchema, type EmailChangeFormValues } from "@/lib/users/schemas";

export function EmailForm({ email, version, action }: { email: string; version: number; action: (input: EmailChangeFormValues) => Promise<FormResult<{ version: number }>> }) {
  const form = useForm<EmailChangeFormValues>({
    resolver: zodResolver(emailChangeFormSchema, undefined, { raw: true }),
    defaultValues: { email, currentPassword: "", version },
  });
  const { submit, pending, notice } = useActionForm(form, action, (data, values) => form.reset({ email: values.email, currentPassword: "", version: data!.version }));
  const errors = form.formState.errors;

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="E-mail address">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="New e-mail address" type="email" autoComplete="email" error={errors.email?.message} {...form.register("email")} />
        <TextField label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register("currentPassword")} />
      </div>
      <input type="hidden" {...form.register("version", { valueAsNumber: true })} />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" pending={pending}>
          {pending ? "Sending link…" : "Change e-mail address"}
        </Button>
      </div>
    </form>
  );
}
