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

/**
 * The team tab's invitation: an account found by search and a role the inviter may give. The
 * account joins once it accepts (docs/projects.md, "Invitations").
 */
export function InviteForm({
  target,
  assignableRoles,
  actions,
}: {
  target: ProjectTarget;
  assignableRoles: { id: string; name: string }[];
  actions: Pick<TeamActions, "invite" | "search">;
}) {
  const t = useTranslations("manage.team");
  const schema = useMemo(
    () =>
      z.strictObject({ username: z.string().trim().min(1, t("usernameRequired")).max(32), roleId: z.string().min(1, t("roleRequired")) }),
    [t],
  );
  const invite = useSchemaForm({
    schema,
    defaultValues: { username: "", roleId: assignableRoles.at(-1)?.id ?? "" },
    action: (values) => actions.invite(target, values),
    resetOnSuccess: true,
  });
  return (
    <form onSubmit={invite.submit} noValidate aria-label={t("inviteTitle")} className="space-y-4 rounded-md p-4 ring-1 ring-slate-200">
      <div>
        <h3 className="font-semibold">{t("inviteHeading")}</h3>
        <p className="mt-1 text-sm text-slate-600">{t("inviteText")}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <UserCombobox
          form={invite.form}
          name="username"
          label={t("username")}
          hint={t("usernameHint")}
          search={(query) => actions.search(target, query)}
        />
        <SelectField
          label={t("role")}
          options={assignableRoles.map((role) => ({ value: role.id, label: role.name }))}
          error={invite.form.formState.errors.roleId?.message}
          {...invite.form.register("roleId")}
        />
      </div>
      <FormFooter pending={invite.pending} label={t("inviteSubmit")} notice={invite.notice} />
    </form>
  );
}
