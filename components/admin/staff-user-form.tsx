"use client";

import { useForm } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { PARTNER_STATUSES, PLATFORM_ROLE_INFO, PLATFORM_ROLES, type PartnerStatus, type PlatformRole } from "@/lib/permissions";
import type { FormResult } from "@/lib/portal/form-result";

interface Values {
  displayName: string;
  platformRoles: PlatformRole[];
  partnerStatus: PartnerStatus;
  partnerNote: string;
  suspended: boolean;
  suspensionReason: string;
}

/** Each part is shown only with the permission it needs; the server checks every field again. */
export function StaffUserForm({ userId, version, initial, can, action }: {
  userId: string;
  version: number;
  initial: Values;
  can: { profile: boolean; roles: PlatformRole[] | null; partner: boolean; suspend: boolean };
  /** Sends only the changed fields, with the version the form was shown with. */
  action: (userId: string, version: number, changes: Record<string, unknown>) => Promise<FormResult>;
}) {
  const form = useForm<Values>({ defaultValues: initial });
  const { submit, pending, notice } = useActionForm(form, (values) => {
    const changes: Record<string, unknown> = {};
    if (can.profile && values.displayName !== initial.displayName) changes.displayName = values.displayName;
    if (can.roles && values.platformRoles.join() !== initial.platformRoles.join()) changes.platformRoles = values.platformRoles;
    if (can.partner && (values.partnerStatus !== initial.partnerStatus || values.partnerNote)) Object.assign(changes, { partnerStatus: values.partnerStatus, partnerNote: values.partnerNote });
    if (can.suspend && values.suspended !== initial.suspended) Object.assign(changes, { suspended: values.suspended, ...(values.suspensionReason ? { suspensionReason: values.suspensionReason } : {}) });
    return action(userId, version, changes);
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Account administration" className="space-y-5">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {can.profile && <TextField label="Display name" {...form.register("displayName")} />}
      {can.roles && (
        <fieldset>
          <legend className="text-sm font-medium">Platform roles</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {PLATFORM_ROLES.map((role) => (
              <label key={role} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={role} disabled={!can.roles!.includes(role)} className="size-4" {...form.register("platformRoles")} />
                {PLATFORM_ROLE_INFO[role].label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {can.partner && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Partner status" options={PARTNER_STATUSES.map((status) => ({ value: status, label: status }))} {...form.register("partnerStatus")} />
          <TextField label="Why (kept in the history)" {...form.register("partnerNote")} />
        </div>
      )}
      {can.suspend && (
        <div className="grid gap-4 sm:grid-cols-2">
          <CheckboxField label="Suspended" hint="Suspending ends every session and token of the account at once." {...form.register("suspended")} />
          <TextField label="Reason for suspension" {...form.register("suspensionReason")} />
        </div>
      )}
      <div className="flex justify-end">
        <Button type="submit" pending={pending}>Save changes</Button>
      </div>
    </form>
  );
}
