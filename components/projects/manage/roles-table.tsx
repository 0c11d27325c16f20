"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { TableHead } from "@/components/ui/data-table";
import { RoleEditor, type EditableRole, type RoleActions } from "./role-editor";
import type { ProjectTarget } from "./presentation-form";

/**
 * The project's roles as a compact table: name, rank, members and how many permissions; a row opens
 * (its name is a button) to show the permissions by area, and the form where the reader may edit it.
 */
export function RolesTable({
  target,
  roles,
  grantable,
  modules,
  actions,
}: {
  target: ProjectTarget;
  roles: (EditableRole & { id: string })[];
  grantable: string[];
  modules: readonly string[];
  actions: RoleActions;
}) {
  const t = useTranslations("manage.roles");
  const id = useId();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">{t("caption")}</caption>
      <TableHead
        columns={[
          { label: t("role") },
          { label: t("rank"), className: "w-16 text-right" },
          { label: t("members"), className: "w-20 text-right" },
          { label: t("permissions"), className: "hidden w-32 text-right sm:table-cell" },
        ]}
      />
      {roles.map((role) => {
        const expanded = open === role.id;
        const panel = `${id}-${role.id}`;
        return (
          <tbody key={role.id} className="border-b border-slate-100">
            <tr>
              <th scope="row" className="py-2 pr-3 font-normal">
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panel}
                  onClick={() => setOpen(expanded ? null : role.id)}
                  className="flex w-full items-center gap-2 rounded text-left font-medium text-slate-900 hover:text-indigo-700"
                >
                  <span aria-hidden className={`inline-block text-slate-500 transition-transform ${expanded ? "rotate-90" : ""}`}>
                    ▸
                  </span>
                  <span className="min-w-0 break-words">{role.label}</span>
                  {role.custom && (
                    <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">{t("custom")}</span>
                  )}
                </button>
              </th>
              <td className="py-2 pr-3 text-right tabular-nums">{role.rank}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{role.memberCount}</td>
              <td className="hidden py-2 text-right text-slate-600 sm:table-cell">
                {t("permissionCount", { count: role.permissions.length })}
              </td>
            </tr>
            <tr id={panel} hidden={!expanded}>
              <td colSpan={4} className="pb-4">
                <div className="rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
                  <RoleEditor target={target} grantable={grantable} modules={modules} actions={actions} role={role} />
                </div>
              </td>
            </tr>
          </tbody>
        );
      })}
    </table>
  );
}
