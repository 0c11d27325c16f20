"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { FormFooter } from "@/components/forms/form-footer";
import { useActionForm } from "@/components/forms/use-action-form";
import { SelectField, TextField } from "@/components/ui/field";
import { PARTNER_STATUSES, PLATFORM_ROLES, type PartnerStatus, type PlatformRole } from "@/lib/permissions";
import type { FormResult } from "@/lib/portal/form-result";

interface Values {
  displayName: string;
  platformRoles: PlatformRole[];
  partnerStatus: PartnerStatus;
  partnerNote: string;
}

/**
 * Each part is shown only with the permission it needs; the server checks every field again.
 * Suspension is not here: it is a sensitive action of its own (<SuspensionPanel>, a reason in a dialog).
 */
export function StaffUserForm({
  userId,
  version,
  initial,
  can,
  action,
}: {
  userId: string;
  version: number;
  initial: Values;
  can: { profile: boolean; roles: PlatformRole[] | null; partner: boolean };
  /** Sends only the changed fields, with the version the form was shown with. */
  action: (userId: string, version: number, changes: Record<string, unknown>) => Promise<FormResult>;
}) {
  const t = useTranslations("admin.form");
  const tl = useTranslations("labels");
  const form = useForm<Values>({ defaultValues: initial });
  const { submit, pending, notice } = useActionForm(form, (values) => {
    const changes: Record<string, unknown> = {};
    if (can.profile && values.displayName !== initial.displayName) changes.displayName = values.displayName;
    if (can.roles && values.platformRoles.join() !== initial.platformRoles.join()) changes.platformRoles = values.platformRoles;
    if (can.partner && (values.partnerStatus !== initial.partnerStatus || values.partnerNote))
      Object.assign(changes, { partnerStatus: values.partnerStatus, partnerNote: values.partnerNote });
    return action(userId, version, changes);
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t("label")} className="space-y-5">
      {can.profile && <TextField label={t("displayName")} {...form.register("displayName")} />}
      {can.roles && (
        <fieldset>
          <legend className="text-sm font-medium">{t("platformRoles")}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {PLATFORM_ROLES.map((role) => (
              <label key={role} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={role}
                  disabled={!can.roles!.includes(role)}
                  className="size-4"
                  {...form.register("platformRoles")}
                />
                {tl(`platformRole.${role}`)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {can.partner && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("partnerStatus")}
            options={PARTNER_STATUSES.map((status) => ({ value: status, label: tl(`partnerStatus.${status}`) }))}
            {...form.register("partnerStatus")}
          />
          <TextField label={t("partnerNote")} {...form.register("partnerNote")} />
        </div>
      )}
      <FormFooter pending={pending} label={t("save")} notice={notice} />
    </form>
  );
}
