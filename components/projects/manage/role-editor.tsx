"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import type { z } from "zod";
import { FormTextField } from "@/components/forms/form-fields";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import { roleDefinitionSchema } from "@/lib/members/schemas";
import { ALL_PROJECT_PERMISSIONS, type ProjectPermission, permissionsInUse } from "@/lib/permissions";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectTarget } from "./presentation-form";

export interface EditableRole {
  id: string | null;
  /** As stored (what the API knows it by; default roles keep theirs). */
  name: string;
  /** On screen: a default role's name in the reader's words, a custom role's as written. */
  label: string;
  key: string | null;
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

type Area = ProjectPermission extends `${infer A}.${string}` ? A : never;

/** The permissions by area, in the order lib/permissions lists them. */
const PERMISSIONS_BY_AREA: [Area, ProjectPermission[]][] = (() => {
  const areas = new Map<Area, ProjectPermission[]>();
  for (const permission of ALL_PROJECT_PERMISSIONS) {
    const area = permission.split(".")[0] as Area;
    areas.set(area, [...(areas.get(area) ?? []), permission]);
  }
  return [...areas];
})();

/** The areas and permissions that mean something with these modules on (DESIGN §4: an off module offers nothing). */
function areasInUse(modules: readonly string[]): [Area, ProjectPermission[]][] {
  const inUse = permissionsInUse(modules);
  return PERMISSIONS_BY_AREA.map(([area, list]): [Area, ProjectPermission[]] => [area, list.filter((p) => inUse.includes(p))]).filter(
    ([, list]) => list.length > 0,
  );
}

/** What a save sends: the ticked permissions, and those the role holds of modules that are off (not shown, kept). */
export function permissionsToSave(
  ticked: readonly ProjectPermission[],
  held: readonly string[],
  modules: readonly string[],
): ProjectPermission[] {
  const inUse = permissionsInUse(modules);
  return [...ticked, ...(held as ProjectPermission[]).filter((permission) => !inUse.includes(permission))];
}

/** A role's permissions in words, by area (read-only), those of modules that are off left out. */
function PermissionSummary({ permissions, modules }: { permissions: readonly string[]; modules: readonly string[] }) {
  const labels = useTranslations("labels");
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {areasInUse(modules)
        .filter(([, list]) => list.some((permission) => permissions.includes(permission)))
        .map(([area, list]) => (
          <div key={area}>
            <dt className="text-xs font-semibold uppercase text-slate-500">{labels(`permissionArea.${area}`)}</dt>
            {list
              .filter((permission) => permissions.includes(permission))
              .map((permission) => (
                <dd key={permission} className="text-sm text-slate-700">
                  {labels(`permission.${permission}`)}
                </dd>
              ))}
          </div>
        ))}
    </dl>
  );
}

/**
 * One role: its name, rank and the permissions by area (only those the editor holds can be ticked).
 * Permissions of modules that are off are not offered; a role that holds them keeps them.
 */
export function RoleEditor({
  target,
  role,
  grantable,
  modules,
  actions,
}: {
  target: ProjectTarget;
  role: EditableRole;
  grantable: string[];
  /** The project's modules that are on. */
  modules: readonly string[];
  actions: RoleActions;
}) {
  const t = useTranslations("manage.roles");
  const labels = useTranslations("labels");
  const idPrefix = useId();
  const areas = areasInUse(modules);
  const { form, errors, submit, pending, notice } = useSchemaForm({
    schema: roleDefinitionSchema,
    defaultValues: { name: role.name, rank: role.rank, permissions: role.permissions as ProjectPermission[] },
    action: (values) =>
      actions.save(target, role.id, { ...values, permissions: permissionsToSave(values.permissions ?? [], role.permissions, modules) }),
    onSuccess: () => {
      if (!role.id) form.reset({ name: "", rank: role.rank, permissions: [] });
    },
  });
  // Deleted, the role leaves the page with its button: a toast says so (the row and the focus are gone); a refusal stays here.
  const deletion = useAction({ success: "toast", failure: "notice" });
  const title = role.id ? role.label : t("newRole");
  const onDelete = () =>
    deletion.run(() => actions.remove(target, role.id!, role.memberCount > 0), {
      confirm: {
        title: t("deleteTitle", { name: role.label }),
        body:
          role.memberCount > 0
            ? t("deleteBodyMembers", { name: role.label, count: role.memberCount })
            : t("deleteBody", { name: role.label }),
        confirmLabel: t("delete"),
      },
    });

  if (role.id && !role.editable) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">{role.key === "OWNER" ? t("ownerFixed") : t("readOnly")}</p>
        <PermissionSummary permissions={role.permissions} modules={modules} />
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={title} className="space-y-4">
      {deletion.notice && <Notice tone="error">{deletion.notice.text}</Notice>}
      <div className="grid gap-4 sm:grid-cols-2">
        {role.id && !role.custom ? (
          // A default role keeps its stored name (sent as it is); the reader sees it in their language.
          <TextField label={t("name")} readOnly value={role.label} hint={t("defaultNameFixed")} error={errors.name?.message} />
        ) : (
          <FormTextField form={form} name="name" label={t("name")} />
        )}
        <TextField
          label={t("rankField")}
          type="number"
          min={1}
          max={99}
          hint={t("rankHint")}
          error={errors.rank?.message}
          {...form.register("rank", { valueAsNumber: true })}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium">{t("permissions")}</legend>
        <p className="text-xs text-slate-500">{t("permissionsHint")}</p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {areas.map(([area, list]) => (
            <fieldset key={area} className="rounded-md p-3 ring-1 ring-slate-200">
              <legend className="px-1 text-xs font-semibold uppercase text-slate-500">{labels(`permissionArea.${area}`)}</legend>
              <div className="space-y-2">
                {list.map((permission) => (
                  <label key={permission} htmlFor={`${idPrefix}-${permission}`} className="flex items-start gap-2 text-sm">
                    <input
                      id={`${idPrefix}-${permission}`}
                      type="checkbox"
                      value={permission}
                      disabled={!grantable.includes(permission)}
                      className="mt-0.5 size-4 shrink-0"
                      {...form.register("permissions")}
                    />
                    <span className={grantable.includes(permission) ? "" : "text-slate-500"}>{labels(`permission.${permission}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        {errors.permissions && <p className="mt-2 text-sm text-red-600">{errors.permissions.message}</p>}
      </fieldset>
      <FormFooter pending={pending} label={role.id ? t("save") : t("create")} notice={notice}>
        {role.custom && role.id && (
          <Button type="button" variant="ghost" pending={deletion.pending} onClick={onDelete}>
            {t("delete")}
          </Button>
        )}
      </FormFooter>
    </form>
  );
}
