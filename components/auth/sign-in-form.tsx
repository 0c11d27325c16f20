"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { signInAction } from "@/app/auth-actions";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { signInFormSchema } from "@/lib/auth/schemas";
import { useActionForm } from "@/components/forms/use-action-form";

export function SignInForm({ next }: { next?: string }) {
  const form = useForm<z.input<typeof signInFormSchema>>({ resolver: zodResolver(signInFormSchema), defaultValues: { login: "", password: "" } });
  const { submit, pending, notice } = useActionForm(form, (values) => signInAction(values, next));
  const errors = form.formState.errors;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <TextField label="E-mail or username" autoComplete="username" autoFocus error={errors.login?.message} {...form.register("login")} />
      <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register("password")} />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        New here?{" "}
        <Link href="/sign-up" className="font-semibold text-indigo-600 hover:text-indigo-500">
          Create an account
        </Link>
      </p>
    </form>
  );
}
