"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useActionForm, type FormNoticeState } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { confirmTwoFactorSchema, enableTwoFactorSchema, reauthenticateSchema } from "@/lib/account/schemas";
import type { FormResult } from "@/lib/portal/form-result";

type CodesAction = (input: z.input<typeof confirmTwoFactorSchema>) => Promise<FormResult<{ recoveryCodes: string[] }>>;

export interface TwoFactorActions {
  reauthenticate: (input: z.input<typeof reauthenticateSchema>) => Promise<FormResult>;
  setup: () => Promise<FormResult>;
  enable: (input: z.input<typeof enableTwoFactorSchema>) => Promise<FormResult<{ recoveryCodes: string[] }>>;
  disable: CodesAction;
  regenerateRecoveryCodes: CodesAction;
}

interface Props {
  status: { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };
  pending: { secret: string; otpauthUrl: string; qrSvg: string } | null;
  /** The session proved the password in the last 10 minutes (needed to start or finish a setup). */
  recent: boolean;
  actions: TwoFactorActions;
}

export function TwoFactorPanel({ status, pending, recent, actions }: Props) {
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (status.enabled) {
    return (
      <div className="space-y-6">
        <p className="text-sm text-slate-700">
          <strong className="text-emerald-700">On</strong> since {new Date(status.enabledAt!).toLocaleString("en")}. {status.recoveryCodesLeft} of 10 recovery codes left.
        </p>
        <ConfirmBothForm label="New recovery codes" submitLabel="Replace recovery codes" action={actions.regenerateRecoveryCodes} onCodes={setCodes} />
        <ConfirmBothForm label="Turn off two-factor sign-in" submitLabel="Turn off" danger action={actions.disable} />
      </div>
    );
  }
  if (!recent) return <ReauthenticateForm action={actions.reauthenticate} />;
  if (pending) return <EnableForm pending={pending} action={actions.enable} onCodes={setCodes} />;
  return <SetupButton action={actions.setup} />;
}

function ReauthenticateForm({ action }: { action: TwoFactorActions["reauthenticate"] }) {
  const form = useForm<z.input<typeof reauthenticateSchema>>({ resolver: zodResolver(reauthenticateSchema), defaultValues: { password: "" } });
  const { submit, pending, notice } = useActionForm(form, action);
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Confirm your password">
      <p className="text-sm text-slate-700">Off. To set it up, confirm your password first: you signed in more than 10 minutes ago.</p>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <TextField label="Your password" type="password" autoComplete="current-password" error={form.formState.errors.password?.message} {...form.register("password")} />
      <Button type="submit" variant="secondary" pending={pending}>
        {pending ? "Checking…" : "Confirm password"}
      </Button>
    </form>
  );
}

function SetupButton({ action }: { action: TwoFactorActions["setup"] }) {
  const [pending, start] = useTransition();
  const [notice, setNotice] = useState<FormNoticeState | null>(null);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">Off. With two-factor sign-in, signing in needs a code from an authenticator app on your phone besides your password.</p>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <Button
        type="button"
        pending={pending}
        onClick={() =>
          start(async () => {
            const result = await action();
            if (!result.ok) setNotice({ tone: "error", text: result.message });
          })
        }
      >
        {pending ? "Preparing…" : "Set up two-factor sign-in"}
      </Button>
    </div>
  );
}

function EnableForm({ pending: setup, action, onCodes }: { pending: NonNullable<Props["pending"]>; action: TwoFactorActions["enable"]; onCodes: (codes: string[]) => void }) {
  const form = useForm<z.input<typeof enableTwoFactorSchema>>({ resolver: zodResolver(enableTwoFactorSchema), defaultValues: { code: "" } });
  const { submit, pending, notice } = useActionForm(form, action, (data) => onCodes(data!.recoveryCodes));
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Turn on two-factor sign-in">
      <p className="text-sm text-slate-700">1. Scan this QR code with your authenticator app (or type the secret).</p>
      <div className="flex flex-wrap items-center gap-6">
        {/* Rendered on the server from our own otpauth:// URL by the qrcode library. */}
        <div className="size-44 bg-white" role="img" aria-label="QR code of the secret" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
        <div className="text-sm">
          <p className="text-slate-500">Secret</p>
          <code data-testid="totp-secret" className="break-all font-mono text-base">
            {setup.secret}
          </code>
        </div>
      </div>
      <p className="text-sm text-slate-700">2. Enter the 6-digit code the app shows.</p>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <TextField label="Code from the app" autoComplete="one-time-code" inputMode="numeric" error={form.formState.errors.code?.message} {...form.register("code")} />
      <Button type="submit" pending={pending}>
        {pending ? "Checking…" : "Turn on"}
      </Button>
    </form>
  );
}

function ConfirmBothForm({
  label,
  submitLabel,
  action,
  onCodes,
  danger,
}: {
  label: string;
  submitLabel: string;
  action: CodesAction;
  onCodes?: (codes: string[]) => void;
  danger?: boolean;
}) {
  const form = useForm<z.input<typeof confirmTwoFactorSchema>>({ resolver: zodResolver(confirmTwoFactorSchema), defaultValues: { password: "", code: "" } });
  const { submit, pending, notice } = useActionForm(form, action, (data) => {
    form.reset();
    if (data?.recoveryCodes.length) onCodes?.(data.recoveryCodes);
  });
  const errors = form.formState.errors;
  return (
    <form
      onSubmit={(event) => {
        if (danger && !window.confirm("Turn off two-factor sign-in? Your account is then protected by the password only.")) {
          event.preventDefault();
          return;
        }
        void submit(event);
      }}
      noValidate
      className="space-y-4 rounded-md border border-slate-200 p-4"
      aria-label={label}
    >
      <p className="text-sm font-medium text-slate-900">{label}</p>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register("password")} />
        <TextField label="Code or recovery code" autoComplete="one-time-code" error={errors.code?.message} {...form.register("code")} />
      </div>
      <Button type="submit" variant={danger ? "danger" : "secondary"} pending={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Recovery codes for your Game Platform account. Each works once.\n\n${codes.join("\n")}\n`;
  return (
    <div className="space-y-4">
      <Notice tone="success">Save these recovery codes now: they are shown only once. Each lets you sign in once without your app.</Notice>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 rounded-md bg-slate-900 p-4 font-mono text-sm text-emerald-300">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex gap-3">
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recovery-codes.txt" className="rounded-md px-3.5 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50">
          Download as text
        </a>
        <Button type="button" variant="secondary" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}
