"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { FormTextField } from "@/components/forms/form-fields";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { ListOrNone } from "@/components/ui/list-or-none";
import { RowButton } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { SecretBox } from "@/components/ui/secret-box";
import { CheckboxField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import { TOKEN_SCOPES } from "@/lib/auth/actor";
import { createOwnTokenSchema, type tokenSchema } from "@/lib/auth/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import type { Reauthentication } from "./reauthentication";

type Token = z.infer<typeof tokenSchema>;
type Scope = keyof typeof TOKEN_SCOPES;

export interface TokenActions {
  create: (input: z.input<typeof createOwnTokenSchema>) => Promise<FormResult<{ token: string; id: string }>>;
  revoke: (tokenId: string) => Promise<FormResult>;
}

/** A new token needs the password when the session's sign-in is not recent (lib/account/tokens.ts). */
interface Props extends Reauthentication {
  tokens: Token[];
  actions: TokenActions;
}

export function TokenManager({ tokens, recent, windowMinutes, actions }: Props) {
  const t = useTranslations("account.tokens");
  const tl = useTranslations("labels.tokenScope");
  const { form, errors, submit, pending, notice, setNotice } = useSchemaForm({
    schema: createOwnTokenSchema,
    raw: true,
    defaultValues: { name: "", scopes: ["read", "write"], expiresInDays: 30 },
    action: actions.create,
    onSuccess: (data) => {
      setCreated({ id: data!.id, token: data!.token });
      form.reset();
    },
  });
  // The secret of the token just created: shown until the page is left or that token is revoked.
  const [created, setCreated] = useState<{ id: string; token: string } | null>(null);

  const revoking = useAction();

  const onRevoke = (token: Token) =>
    revoking.run(() => actions.revoke(token.id), {
      key: token.id,
      confirm: { title: t("revokeTitle", { name: token.name }), body: t("revokeBody"), confirmLabel: t("revokeConfirm") },
      onSuccess: () => {
        if (created?.id !== token.id) return;
        // Its secret is worthless now: the box (and the notice telling to copy it) goes.
        setCreated(null);
        setNotice(null);
      },
    });

  return (
    <div className="space-y-6">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {created && (
        <SecretBox title={t("newToken")} value={created.token} copyLabel={t("copyToken")} hint={t("newTokenHint")} testId="new-token" />
      )}
      <ListOrNone items={tokens} none={t("empty")} boxed>
        <ul className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200" aria-label={t("listLabel")}>
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{token.name}</p>
                <p className="break-words text-slate-500">
                  <code className="break-all font-mono">{token.prefix}…</code> ·{" "}
                  {t.rich("details", {
                    // "Read and write" says "Read" already.
                    scopes: token.scopes
                      .filter((scope) => !(scope === "read" && token.scopes.includes("write")))
                      .map((scope) => tl(scope as Scope))
                      .join(", "),
                    expires: () => <LocalTime at={token.expiresAt} format="date" />,
                  })}{" "}
                  ·{" "}
                  {token.lastUsedAt
                    ? t.rich("lastUsed", { time: () => <LocalTime at={token.lastUsedAt!} format="date" /> })
                    : t("neverUsed")}
                </p>
              </div>
              <RowButton row={token.name} pending={revoking.busy === token.id} onClick={() => void onRevoke(token)}>
                {t("revoke")}
              </RowButton>
            </li>
          ))}
        </ul>
      </ListOrNone>
      <form onSubmit={submit} noValidate className="space-y-4 rounded-md border border-slate-200 p-4" aria-label={t("formLabel")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField form={form} name="name" label={t("name")} placeholder={t("namePlaceholder")} />
          <TextField
            label={t("validDays")}
            type="number"
            min={1}
            max={365}
            error={errors.expiresInDays?.message}
            {...form.register("expiresInDays", { valueAsNumber: true })}
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">{t("scopes")}</legend>
          {(Object.keys(TOKEN_SCOPES) as Scope[]).map((scope) => (
            <CheckboxField key={scope} label={tl(scope)} hint={t(`scopeHint.${scope}`)} value={scope} {...form.register("scopes")} />
          ))}
          {errors.scopes && <p className="text-sm text-red-600">{errors.scopes.message}</p>}
        </fieldset>
        {!recent && (
          <TextField
            label={t("password")}
            type="password"
            autoComplete="current-password"
            hint={t("passwordHint", { minutes: windowMinutes })}
            error={errors.password?.message}
            {...form.register("password", { shouldUnregister: true })}
          />
        )}
        <FormFooter pending={pending} label={t("submit")} variant="secondary" />
      </form>
    </div>
  );
}
