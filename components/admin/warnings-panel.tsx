"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { ListOrNone } from "@/components/ui/list-or-none";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import { useAction } from "@/components/ui/use-action";
import type { FormResult } from "@/lib/portal/form-result";
import { createWarningSchema, WARNING_KINDS, WARNING_SEVERITIES, type warningSchema } from "@/lib/warnings/schemas";

type Warning = z.infer<typeof warningSchema>;

export interface WarningActions {
  create: (userId: string, input: z.input<typeof createWarningSchema>) => Promise<FormResult>;
  revoke: (userId: string, warningId: string) => Promise<FormResult>;
}

export function WarningsPanel({
  userId,
  warnings,
  canManage,
  actions,
}: {
  userId: string;
  warnings: Warning[];
  canManage: boolean;
  actions: WarningActions;
}) {
  const t = useTranslations("admin.warnings");
  const tl = useTranslations("labels");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: createWarningSchema,
    defaultValues: { kind: "RULE_VIOLATION", severity: "LOW", reason: "", internalNote: "" },
    action: (values) => actions.create(userId, { ...values, internalNote: values.internalNote || undefined }),
    resetOnSuccess: true,
  });
  // The answer shows under the warning revoked (its notice has that warning's key).
  const revoking = useAction({ success: "notice", failure: "notice" });
  const revoke = (warningId: string) =>
    revoking.run(() => actions.revoke(userId, warningId), {
      key: warningId,
      confirm: { title: t("revokeTitle"), body: t("revokeBody"), confirmLabel: t("revoke") },
    });
  return (
    <div className="space-y-5">
      <ListOrNone items={warnings} none={t("none")}>
        <ul className="space-y-2" aria-label={t("listLabel")}>
          {warnings.map((warning) => (
            <li
              key={warning.id}
              className={`space-y-1 rounded-md p-3 text-sm ring-1 ${warning.active ? "ring-amber-300" : "bg-slate-50 text-slate-700 ring-slate-200"}`}
            >
              <p className="font-medium">
                {tl(`warningSeverity.${warning.severity}`)} · {tl(`warningKind.${warning.kind}`)} · <LocalTime at={warning.createdAt} /> ·{" "}
                {warning.author ? warning.author.displayName : t("system")}
                {!warning.active && ` · ${t("inactive")}`}
              </p>
              <p className="break-words">{warning.reason}</p>
              {warning.internalNote && <p className="break-words text-slate-700">{t("note", { note: warning.internalNote })}</p>}
              {canManage && warning.active && (
                <Button type="button" variant="ghost" pending={revoking.pending} onClick={() => revoke(warning.id)}>
                  {t("revoke")}
                </Button>
              )}
              {revoking.notice?.key === warning.id && <Notice tone={revoking.notice.tone}>{revoking.notice.text}</Notice>}
            </li>
          ))}
        </ul>
      </ListOrNone>
      {canManage && (
        <form onSubmit={submit} noValidate aria-label={t("newLabel")} className="space-y-4 rounded-md p-4 ring-1 ring-slate-200">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t("kind")}
              options={WARNING_KINDS.map((kind) => ({ value: kind, label: tl(`warningKind.${kind}`) }))}
              {...form.register("kind")}
            />
            <SelectField
              label={t("severity")}
              options={WARNING_SEVERITIES.map((severity) => ({ value: severity, label: tl(`warningSeverity.${severity}`) }))}
              {...form.register("severity")}
            />
          </div>
          <TextAreaField label={t("reason")} rows={2} error={form.formState.errors.reason?.message} {...form.register("reason")} />
          <TextAreaField label={t("internalNote")} rows={2} {...form.register("internalNote")} />
          <FormFooter pending={pending} label={t("record")} notice={notice} />
        </form>
      )}
    </div>
  );
}
