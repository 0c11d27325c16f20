"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { signInAction } from "@/app/auth-actions";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { signInFormSchema } from "@/lib/auth/schemas";
import { applyFieldErrors } from "./apply-field-errors";

export function SignInForm({ next }: { next?: string }) {
  const form = useForm<z.input<typeof signInFormSchema>>({ resolver: zodResolver(signInFormSchema), defaultValues: { login: "", password: "" } });
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) =>
    startTransition(async () => {
      setMessage(null);
      const result = await signInAction(values, next);
      if (result && !result.ok) {
        applyFieldErrors(form.setError, result.fieldErrors);
        setMessage(result.message);
      }
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {message && <Notice tone="error">{message}</Notice>}
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
