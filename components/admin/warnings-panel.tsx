"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import type { FormResult } from "@/lib/portal/form-result";
import { createWarningSchema, WARNING_KINDS, WARNING_SEVERITIES, type warningSchema } from "@/lib/warnings/schemas";

type Warning = z.infer<typeof warningSchema>;

export interface WarningActions {
  create: (userId: string, input: z.input<typeof createWarningSchema>) => Promise<FormResult>;
  revoke: (userId: string, warningId: string) => Promise<FormResult>;
}

export function WarningsPanel({ userId, warnings, canManage, actions }: { userId: string; warnings: Warning[]; canManage: boolean; actions: WarningActions }) {
  const form = useForm<z.input<typeof createWarningSchema>>({ resolver: zodResolver(createWarningSchema), defaultValues: { kind: "RULE_VIOLATION", severity: "LOW", reason: "", internalNote: "" } });
  const { submit, pending, notice } = useActionForm(form, (values) => actions.create(userId, { ...values, internalNote: values.internalNote || undefined }), () => form.reset());
  const [revoking, startRevoke] = useTransition();
  const [revokeNotice, setRevokeNotice] = useState<string | null>(null);
  return (
    <div className="space-y-5">
      {warnings.length === 0 ? (
        <p className="text-sm text-slate-500">No warnings.</p>
      ) : (
        <ul className="space-y-2" aria-label="Warnings">
          {warnings.map((warning) => (
            <li key={warning.id} className={`rounded-md p-3 text-sm ring-1 ${warning.active ? "ring-amber-300" : "opacity-60 ring-slate-200"}`}>
              <p className="font-medium">
                {warning.severity} · {warning.kind === "RULE_VIOLATION" ? "Rule violation" : "Security event"} · {new Date(warning.createdAt).toLocaleString("en")} · {warning.author ? warning.author.displayName : "System"}
                {!warning.active && " · no longer active"}
              </p>
              <p>{warning.reason}</p>
              {warning.internalNote && <p className="text-slate-600">Note: {warning.internalNote}</p>}
              {canManage && warning.active && (
                <Button type="button" variant="ghost" pending={revoking} onClick={() => startRevoke(async () => setRevokeNotice((await actions.revoke(userId, warning.id)).message))}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {revokeNotice && <Notice tone="success">{revokeNotice}</Notice>}
      {canManage && (
        <form onSubmit={submit} noValidate aria-label="New warning" className="space-y-4 rounded-md p-4 ring-1 ring-slate-200">
          {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Kind" options={WARNING_KINDS.map((kind) => ({ value: kind, label: kind === "RULE_VIOLATION" ? "Rule violation" : "Security event" }))} {...form.register("kind")} />
            <SelectField label="Severity" options={WARNING_SEVERITIES.map((severity) => ({ value: severity, label: severity }))} {...form.register("severity")} />
          </div>
          <TextAreaField label="Reason" rows={2} error={form.formState.errors.reason?.message} {...form.register("reason")} />
          <TextAreaField label="Internal note" rows={2} {...form.register("internalNote")} />
          <div className="flex justify-end">
            <Button type="submit" pending={pending}>Record warning</Button>
          </div>
        </form>
      )}
    </div>
  );
}
