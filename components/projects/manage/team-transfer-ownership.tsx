"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { z } from "zod";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { useConfirm } from "@/components/ui/confirm";
import type { ProjectTarget } from "./presentation-form";
import type { TeamActions } from "./team-manager";
import { UserCombobox } from "./user-combobox";

/**
 * The team tab's ownership transfer: an account found by search (the invitation's combobox, offering
 * those who may own a project) or a typed username, confirmed before it is sent.
 */
export function TransferOwnershipForm({
  target,
  actions,
}: {
  target: ProjectTarget;
  actions: Pick<TeamActions, "transfer" | "searchOwners">;
}) {
  const t = useTranslations("manage.team");
  const confirm = useConfirm();
  const schema = useMemo(() => z.strictObject({ username: z.string().trim().min(1, t("usernameRequired")).max(32) }), [t]);
  const transfer = useSchemaForm({
    schema,
    defaultValues: { username: "" },
    action: (values) => actions.transfer(target, values.username),
    resetOnSuccess: true,
  });

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const username = transfer.form.getValues("username").trim();
    if (username) {
      const ok = await confirm({
        title: t("transferTitle", { name: username }),
        body: t("transferBody", { name: username }),
        confirmLabel: t("transferConfirm"),
      });
      if (!ok) return;
    }
    await transfer.submit(event);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("transferHeading")} className="space-y-4 rounded-md p-4 ring-1 ring-amber-200">
      <h3 className="font-semibold">{t("transferHeading")}</h3>
      <p className="text-sm text-slate-600">{t("transferText")}</p>
      <div className="sm:max-w-sm">
        <UserCombobox
          form={transfer.form}
          name="username"
          label={t("newOwner")}
          hint={t("newOwnerHint")}
          search={(query) => actions.searchOwners(target, query)}
        />
      </div>
      <FormFooter pending={transfer.pending} label={t("transferHeading")} variant="secondary" notice={transfer.notice} />
    </form>
  );
}
