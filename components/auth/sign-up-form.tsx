"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import { registerSchema } from "@/lib/users/schemas";
import { useActionForm } from "@/components/forms/use-action-form";

/** `action` registers, signs in and redirects; it answers only when something is wrong. */
export function SignUpForm({ action }: { action: (input: z.input<typeof registerSchema>) => Promise<FormResult> }) {
  const form = useForm<z.input<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: "", email: "", password: "", displayName: "" },
  });
  const { submit, pending, notice } = useActionForm(form, action);
  const errors = form.formState.errors;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <TextField label="Username" autoComplete="username" autoFocus hint="3-32 characters; letters, digits, '.', '_' and '-'." error={errors.username?.message} {...form.register("username")} />
      <TextField label="Display name" autoComplete="nickname" error={errors.displayName?.message} {...form.register("displayName")} />
      <TextField label="E-mail address" type="email" autoComplete="email" error={errors.email?.message} {...form.register("email")} />
      <TextField label="Password" type="password" autoComplete="new-password" hint="At least 8 characters. A passphrase is easiest to remember." error={errors.password?.message} {...form.register("password")} />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? "Creating your account…" : "Create account"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already registered?{" "}
        <Link href="/sign-in" className="font-semibold text-indigo-600 hover:text-indigo-500">
          Sign in
        </Link>
      </p>
    </form>
  );
}
