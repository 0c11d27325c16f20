"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { roleDefinitionSchema } from "@/lib/members/schemas";
import { PROJECT_PERMISSIONS, type ProjectPermission } from "@/lib/permissions";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectTarget } from "./presentation-form";

export interface EditableRole {
  id: string | null;
  name: string;
  rank: number;
  permissions: string[];
  custom: boolean;
  memberCount: number;
  editable: boolean;
}

export interface RoleActions {
  /** Creates the role when `roleId` is null. */
  save: (target: ProjectTarget, roleId: string | null, input: z.input<typeof roleDefinitionSchema>) => Promise<FormResult>;
  /** With `moveMembers`, its members get the Member role; without, a role with members is refused. */
  remove: (target: ProjectTarget, roleId: string, moveMembers: boolean) => Promise<FormResult>;
}

/** One role: its name, rank and a checklist of permissions (only those the editor holds can be ticked). */
export function RoleEditor({ target, role, grantable, actions }: { target: ProjectTarget; role: EditableRole; grantable: string[]; actions: RoleActions }) {
  const form = useForm<z.input<typeof roleDefinitionSchema>>({
    resolver: zodResolver(roleDefinitionSchema),
    defaultValues: { name: role.name, rank: role.rank, permissions: role.permissions as ProjectPermission[] },
  });
  const { submit, pending, notice } = useActionForm(form, (values) => actions.save(target, role.id, values), () => {
    if (!role.id) form.reset({ name: "", rank: role.rank, permissions: [] });
  });
  const [deleting, startDelete] = useTransition();
  const [deleteNotice, setDeleteNotice] = useState<string | null>(null);
  const errors = form.formState.errors;
  const title = role.id ? role.name : "New role";
  const onDelete = () => {
    const question = role.memberCount > 0 ? `${role.memberCount} member(s) hold "${role.name}". Delete it and give them the Member role?` : `Delete the role "${role.name}"?`;
    if (!window.confirm(question)) return;
    startDelete(async () => {
      const result = await actions.remove(target, role.id!, role.memberCount > 0);
      setDeleteNotice(result.ok ? null : result.message);
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={title} className="space-y-4 rounded-md p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {title} {role.id && <span className="text-sm font-normal text-slate-500">· rank {role.rank} · {role.memberCount} member(s){role.custom ? " · custom" : ""}</span>}
        </h3>
        {!role.editable && <span className="text-xs text-slate-500">{role.name === "Owner" ? "Holds every permission; fixed." : "Ranks at or above you: read only."}</span>}
      </div>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {deleteNotice && <Notice tone="error">{deleteNotice}</Notice>}
      <fieldset disabled={!role.editable} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" readOnly={Boolean(role.id) && !role.custom} hint={role.id && !role.custom ? "Default roles keep their names." : undefined} error={errors.name?.message} {...form.register("name")} />
          <TextField label="Rank (1-99)" type="number" min={1} max={99} hint="Higher ranks manage lower ones." error={errors.rank?.message} {...form.register("rank", { valueAsNumber: true })} />
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Permissions</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {Object.entries(PROJECT_PERMISSIONS).map(([permission, description]) => (
              <label key={permission} className="flex items-start gap-2 text-sm">
                <input type="checkbox" value={permission} disabled={!grantable.includes(permission)} className="mt-0.5 size-4" {...form.register("permissions")} />
                <span>
                  <code className="text-xs">{permission}</code>
                  <span className="block text-xs text-slate-500">{description}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.permissions && <p className="text-sm text-red-600">{errors.permissions.message}</p>}
        </fieldset>
      </fieldset>
      {role.editable && (
        <div className="flex justify-end gap-2">
          {role.custom && role.id && (
            <Button type="button" variant="ghost" pending={deleting} onClick={onDelete}>
              Delete role
            </Button>
          )}
          <Button type="submit" pending={pending}>
            {role.id ? "Save role" : "Create role"}
          </Button>
        </div>
      )}
    </form>
  );
}
