"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { FormPasswordField } from "@/components/forms/form-fields";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import { changePasswordSchema } from "@/lib/account/schemas";
import type { tokenSchema } from "@/lib/auth/schemas";
import type { FormResult } from "@/lib/portal/form-result";

type Token = z.infer<typeof tokenSchema>;

export interface PasswordActions {
  change: (input: z.input<typeof changePasswordSchema>) => Promise<FormResult>;
  revokeAllTokens: () => Promise<FormResult>;
}

/**
 * The new password, then the account's access tokens: a password change ends the other sessions
 * but leaves tokens working, so right after it the form lists them and offers to revoke them all.
 */
export function PasswordChangeForm({ tokens, actions }: { tokens: Token[]; actions: PasswordActions }) {
  const t = useTranslations("account.password");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: changePasswordSchema,
    defaultValues: { currentPassword: "", newPassword: "" },
    action: actions.change,
    onSuccess: () => {
      form.reset();
      setChanged(true);
    },
  });
  const [changed, setChanged] = useState(false);

  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("formLabel")}>
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <div className="grid gap-5 sm:grid-cols-2">
          <FormPasswordField form={form} name="currentPassword" label={t("currentPassword")} autoComplete="current-password" />
          <FormPasswordField
            form={form}
            name="newPassword"
            label={t("newPassword")}
            autoComplete="new-password"
            hint={t("newPasswordHint")}
          />
        </div>
        <FormFooter pending={pending} label={t("submit")} pendingLabel={t("pending")} variant="secondary" />
      </form>
      {changed && <TokensAfterChange tokens={tokens} revokeAll={actions.revokeAllTokens} />}
    </div>
  );
}

function TokensAfterChange({ tokens, revokeAll }: { tokens: Token[]; revokeAll: PasswordActions["revokeAllTokens"] }) {
  const t = useTranslations("account.password");
  const { run, pending: revoking, notice } = useAction({ success: "notice", failure: "notice" });
  const onRevokeAll = () =>
    run(revokeAll, {
      confirm: {
        title: t("revokeAllTitle", { count: tokens.length }),
        body: t("revokeAllBody"),
        confirmLabel: t("revokeAll"),
        tone: "danger",
      },
    });
  if (tokens.length === 0) return notice && <Notice tone={notice.tone}>{notice.text}</Notice>;
  return (
    <section className="space-y-4 rounded-md bg-amber-50 p-4 text-sm ring-1 ring-amber-200" aria-label={t("tokensListLabel")}>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <p className="text-slate-800">{t("tokensLeft", { count: tokens.length })}</p>
      <ul className="list-inside list-disc space-y-1 text-slate-700">
        {tokens.map((token) => (
          <li key={token.id} className="break-words">
            {token.name} <code className="break-all font-mono">{token.prefix}…</code>
          </li>
        ))}
      </ul>
      <Button type="button" variant="danger" pending={revoking} onClick={() => void onRevokeAll()}>
        {t("revokeAll")}
      </Button>
    </section>
  );
}
