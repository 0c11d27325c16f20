"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { z } from "zod";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { SelectField } from "@/components/ui/field";
import type { ProjectTarget } from "./presentation-form";
import type { TeamActions } from "./team-manager";
import { UserCombobox } from "./user-combobox";

/** The team tab's "add a member" form: an account found by search, and a role the adder may give. */
export function AddMemberForm({
  target,
  assignableRoles,
  actions,
}: {
  target: ProjectTarget;
  assignableRoles: { id: string; name: string }[];
  actions: Pick<TeamActions, "add" | "search">;
}) {
  const t = useTranslations("manage.team");
  const schema = useMemo(
    () =>
      z.strictObject({ username: z.string().trim().min(1, t("usernameRequired")).max(32), roleId: z.string().min(1, t("roleRequired")) }),
    [t],
  );
  const add = useSchemaForm({
    schema,
    defaultValues: { username: "", roleId: assignableRoles.at(-1)?.id ?? "" },
    action: (values) => actions.add(target, values),
    onSuccess: () => add.form.reset(),
  });
  return (
    <form onSubmit={add.submit} noValidate aria-label={t("addTitle")} className="space-y-4 rounded-md p-4 ring-1 ring-slate-200">
      <h3 className="font-semibold">{t("addHeading")}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <UserCombobox
          label={t("username")}
          hint={t("usernameHint")}
          error={add.form.formState.errors.username?.message}
          search={(query) => actions.search(target, query)}
          {...add.form.register("username")}
          onPick={(user) => add.form.setValue("username", user.username, { shouldValidate: true })}
        />
        <SelectField
          label={t("role")}
          options={assignableRoles.map((role) => ({ value: role.id, label: role.name }))}
          error={add.form.formState.errors.roleId?.message}
          {...add.form.register("roleId")}
        />
      </div>
      <FormFooter pending={add.pending} label={t("addTitle")} notice={add.notice} />
    </form>
  );
}
