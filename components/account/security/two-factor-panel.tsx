"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { FormPasswordField, FormTextField } from "@/components/forms/form-fields";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { useConfirm } from "@/components/ui/confirm";
import { CopyButton } from "@/components/ui/copy-button";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import { confirmTwoFactorSchema, enableTwoFactorSchema, reauthenticateSchema } from "@/lib/account/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import type { Reauthentication } from "../reauthentication";

type CodesAction = (input: z.input<typeof confirmTwoFactorSchema>) => Promise<FormResult<{ recoveryCodes: string[] }>>;

export interface TwoFactorActions {
  reauthenticate: (input: z.input<typeof reauthenticateSchema>) => Promise<FormResult>;
  setup: () => Promise<FormResult>;
  enable: (input: z.input<typeof enableTwoFactorSchema>) => Promise<FormResult<{ recoveryCodes: string[] }>>;
  disable: CodesAction;
  regenerateRecoveryCodes: CodesAction;
}

/** Starting or finishing a set-up needs a recent sign-in: without one the panel asks for the password first. */
interface Props extends Reauthentication {
  status: { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };
  /** A set-up started but not yet on; the server sends it only with `recent` (lib/account/two-factor.ts, `twoFactorPanel`). */
  pending: { secret: string; otpauthUrl: string; qrSvg: string } | null;
  actions: TwoFactorActions;
}

export function TwoFactorPanel({ status, pending, recent, windowMinutes, actions }: Props) {
  const t = useTranslations("account.twoFactor");
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (status.enabled) {
    return (
      <div className="space-y-6">
        <p className="text-sm text-slate-700">
          {t.rich("on", {
            time: () => <LocalTime at={status.enabledAt!} format="date" />,
            left: status.recoveryCodesLeft,
            strong: (chunks) => <strong className="text-emerald-700">{chunks}</strong>,
          })}
        </p>
        <ConfirmBothForm
          label={t("newCodes")}
          submitLabel={t("replaceCodes")}
          action={actions.regenerateRecoveryCodes}
          onCodes={setCodes}
        />
        <ConfirmBothForm label={t("turnOffTitle")} submitLabel={t("turnOff")} danger action={actions.disable} />
      </div>
    );
  }
  if (!recent) return <ReauthenticateForm windowMinutes={windowMinutes} action={actions.reauthenticate} />;
  if (pending) return <EnableForm pending={pending} action={actions.enable} onCodes={setCodes} />;
  return <SetupButton action={actions.setup} />;
}

function ReauthenticateForm({ windowMinutes, action }: { windowMinutes: number; action: TwoFactorActions["reauthenticate"] }) {
  const t = useTranslations("account.twoFactor");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: reauthenticateSchema,
    defaultValues: { password: "" },
    action: action,
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t("confirmFormLabel")}>
      <p className="text-sm text-slate-700">{t("offNeedsPassword", { minutes: windowMinutes })}</p>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <FormPasswordField form={form} name="password" label={t("yourPassword")} autoComplete="current-password" />
      <Button type="submit" variant="secondary" pending={pending}>
        {pending ? t("checking") : t("confirmPassword")}
      </Button>
    </form>
  );
}

function SetupButton({ action }: { action: TwoFactorActions["setup"] }) {
  const t = useTranslations("account.twoFactor");
  // Done, the panel shows the set-up (the page is refreshed); only a refusal is said here.
  const { run, pending, notice } = useAction({ success: "none", failure: "notice" });
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t("offIntro")}</p>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <Button type="button" pending={pending} onClick={() => run(action)}>
        {pending ? t("preparing") : t("setUp")}
      </Button>
    </div>
  );
}

function EnableForm({
  pending: setup,
  action,
  onCodes,
}: {
  pending: NonNullable<Props["pending"]>;
  action: TwoFactorActions["enable"];
  onCodes: (codes: string[]) => void;
}) {
  const t = useTranslations("account.twoFactor");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: enableTwoFactorSchema,
    defaultValues: { code: "" },
    action: action,
    onSuccess: (data) => onCodes(data!.recoveryCodes),
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t("enableFormLabel")}>
      <p className="text-sm text-slate-700">{t("step1")}</p>
      <div className="flex flex-wrap items-center gap-6">
        {/* Rendered on the server from our own otpauth:// URL by the qrcode library; always dark on white, as scanners expect. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG of paths the qrcode library drew on the server from our own otpauth:// URL */}
        <div className="size-44 bg-white" role="img" aria-label={t("qrLabel")} dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="text-slate-500">{t("secret")}</p>
          <code data-testid="totp-secret" className="block break-all font-mono text-base">
            {setup.secret}
          </code>
          <CopyButton text={setup.secret} label={t("copySecret")} />
        </div>
      </div>
      <p className="text-sm text-slate-700">{t("step2")}</p>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <FormTextField form={form} name="code" label={t("appCode")} autoComplete="one-time-code" inputMode="numeric" />
      <Button type="submit" pending={pending}>
        {pending ? t("checking") : t("turnOn")}
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
  const t = useTranslations("account.twoFactor");
  const confirm = useConfirm();
  const { form, submit, pending, notice } = useSchemaForm({
    schema: confirmTwoFactorSchema,
    defaultValues: { password: "", code: "" },
    action: action,
    onSuccess: (data) => {
      form.reset();
      if (data?.recoveryCodes.length) onCodes?.(data.recoveryCodes);
    },
  });
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        if (danger && !(await confirm({ title: t("turnOffConfirmTitle"), body: t("turnOffConfirmBody"), confirmLabel: t("turnOff") })))
          return;
        void submit();
      }}
      noValidate
      className="space-y-4 rounded-md border border-slate-200 p-4"
      aria-label={label}
    >
      <p className="text-sm font-medium text-slate-900">{label}</p>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormPasswordField form={form} name="password" label={t("password")} autoComplete="current-password" />
        <FormTextField form={form} name="code" label={t("codeOrRecovery")} autoComplete="one-time-code" />
      </div>
      <Button type="submit" variant={danger ? "danger" : "secondary"} pending={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("account.twoFactor");
  const text = `${t("codesFile")}\n\n${codes.join("\n")}\n`;
  return (
    <div className="space-y-4">
      <Notice tone="success">{t("codesNotice")}</Notice>
      <ul
        data-testid="recovery-codes"
        aria-label={t("codesLabel")}
        className="grid grid-cols-1 gap-2 rounded-md bg-slate-900 p-4 font-mono text-sm text-emerald-300 min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="break-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton text={codes.join("\n")} label={t("copyCodes")} />
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
          className="rounded-md px-3.5 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {t("download")}
        </a>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t("saved")}
        </Button>
      </div>
    </div>
  );
}
