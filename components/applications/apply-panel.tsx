"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import { useAction } from "@/components/ui/use-action";
import { applySchema, DEFAULT_APPLICATION_PROMPT, MAX_APPLICATION_MESSAGE } from "@/lib/applications/schemas";
import type { FormResult } from "@/lib/portal/form-result";

export interface ProjectRef {
  projectId: string;
  slug: string;
}

type Values = z.input<typeof applySchema>;

type WithdrawAction = (target: ProjectRef, applicationId: string) => Promise<FormResult>;

export interface ApplyActions {
  apply: (target: ProjectRef, input: Values) => Promise<FormResult>;
  withdraw: WithdrawAction;
}

/** Withdraws a pending application, after a confirmation; a failure shows next to the button. */
export function WithdrawButton({ target, applicationId, action }: { target: ProjectRef; applicationId: string; action: WithdrawAction }) {
  const t = useTranslations("applications.withdraw");
  // A success is said by the page, where the application is no longer pending.
  const { run, pending, notice } = useAction({ success: "none", failure: "notice" });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="secondary"
        pending={pending}
        onClick={() =>
          run(() => action(target, applicationId), { confirm: { title: t("title"), body: t("body"), confirmLabel: t("confirm") } })
        }
      >
        {t("button")}
      </Button>
      {notice && (
        <span role="alert" className="text-sm text-red-600">
          {notice.text}
        </span>
      )}
    </span>
  );
}

/** Apply on the project page: the project's prompt, a message, the role choice when offered; or the pending state. */
export function ApplyPanel({
  target,
  prompt,
  offeredRoles,
  pendingApplication,
  actions,
}: {
  target: ProjectRef;
  prompt: string;
  offeredRoles: { id: string; name: string }[];
  pendingApplication: { id: string; createdAt: string; roleName: string | null } | null;
  actions: ApplyActions;
}) {
  const t = useTranslations("applications.apply");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: applySchema,
    defaultValues: { message: "", roleId: undefined },
    action: (values) => actions.apply(target, { ...values, roleId: values.roleId || undefined }),
    resetOnSuccess: true,
  });
  if (pendingApplication) {
    return (
      <section aria-labelledby="application" className="space-y-3 rounded-lg bg-indigo-50 p-4 ring-1 ring-indigo-200">
        <h2 id="application" className="font-semibold text-indigo-900">
          {t("pendingTitle")}
        </h2>
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <p className="text-sm text-indigo-900">
          {t.rich("pendingText", {
            time: () => <LocalTime at={pendingApplication.createdAt} format="date" />,
            role: pendingApplication.roleName ?? "none",
          })}
        </p>
        <WithdrawButton target={target} applicationId={pendingApplication.id} action={actions.withdraw} />
      </section>
    );
  }
  return (
    <section aria-labelledby="apply" className="space-y-3 rounded-lg p-4 ring-1 ring-slate-200">
      <h2 id="apply" className="font-semibold text-slate-900">
        {t("title")}
      </h2>
      <form onSubmit={submit} noValidate aria-label={t("formLabel")} className="space-y-4">
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <TextAreaField
          label={prompt === DEFAULT_APPLICATION_PROMPT ? t("defaultPrompt") : prompt}
          rows={4}
          maxLength={MAX_APPLICATION_MESSAGE}
          error={form.formState.errors.message?.message}
          {...form.register("message")}
        />
        {offeredRoles.length > 0 && (
          <SelectField
            label={t("role")}
            options={[{ value: "", label: t("anyRole") }, ...offeredRoles.map((role) => ({ value: role.id, label: role.name }))]}
            error={form.formState.errors.roleId?.message}
            {...form.register("roleId", { setValueAs: (value: string) => value || undefined })}
          />
        )}
        <FormFooter pending={pending} label={t("submit")} />
      </form>
    </section>
  );
}
