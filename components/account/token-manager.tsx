"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { CheckboxField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { TOKEN_SCOPES } from "@/lib/auth/actor";
import { createTokenSchema, type tokenSchema } from "@/lib/auth/schemas";
import type { FormResult } from "@/lib/portal/form-result";

type Token = z.infer<typeof tokenSchema>;

export interface TokenActions {
  create: (input: z.input<typeof createTokenSchema>) => Promise<FormResult<{ token: string }>>;
  revoke: (tokenId: string) => Promise<FormResult>;
}

export function TokenManager({ tokens, actions }: { tokens: Token[]; actions: TokenActions }) {
  const form = useForm<z.input<typeof createTokenSchema>>({
    resolver: zodResolver(createTokenSchema, undefined, { raw: true }),
    defaultValues: { name: "", scopes: ["read", "write"], expiresInDays: 30 },
  });
  const [created, setCreated] = useState<string | null>(null);
  const { submit, pending, notice, setNotice } = useActionForm(form, actions.create, (data) => {
    setCreated(data!.token);
    form.reset();
  });
  const [revoking, startRevoke] = useTransition();
  const [revokingId, setRevokingId] = useState<string | null>(null);
  const errors = form.formState.errors;

  const onRevoke = (token: Token) => {
    if (!window.confirm(`Revoke "${token.name}"? Clients using it stop working at once.`)) return;
    setRevokingId(token.id);
    startRevoke(async () => {
      const result = await actions.revoke(token.id);
      setNotice({ tone: result.ok ? "success" : "error", text: result.message });
    });
  };

  return (
    <div className="space-y-6">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {created && (
        <div className="rounded-md bg-slate-900 p-4 text-sm text-white">
          <p className="mb-2 font-semibold">Your new token</p>
          <code data-testid="new-token" className="block break-all font-mono text-emerald-300">
            {created}
          </code>
        </div>
      )}
      {tokens.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          You have no access tokens. Create one to call the API from scripts or tools.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <div>
                <p className="font-medium text-slate-900">{token.name}</p>
                <p className="text-slate-500">
                  <code className="font-mono">{token.prefix}…</code> · {token.scopes.join(", ")} · expires {token.expiresAt.slice(0, 10)}
                  {token.lastUsedAt ? ` · last used ${token.lastUsedAt.slice(0, 10)}` : " · never used"}
                </p>
              </div>
              <Button type="button" variant="ghost" pending={revoking && revokingId === token.id} onClick={() => onRevoke(token)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="space-y-4 rounded-md border border-slate-200 p-4" aria-label="New token">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Token name" placeholder="e.g. Release script" error={errors.name?.message} {...form.register("name")} />
          <TextField label="Valid for (days)" type="number" min={1} max={365} error={errors.expiresInDays?.message} {...form.register("expiresInDays", { valueAsNumber: true })} />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Scopes</legend>
          {Object.entries(TOKEN_SCOPES).map(([scope, description]) => (
            <CheckboxField key={scope} label={scope} hint={description} value={scope} {...form.register("scopes")} />
          ))}
          {errors.scopes && <p className="text-sm text-red-600">{errors.scopes.message}</p>}
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" pending={pending}>
            Create token
          </Button>
        </div>
      </form>
    </div>
  );
}
