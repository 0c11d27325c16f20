"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { DataTable } from "@/components/ui/data-table";
import { useToast } from "@/components/ui/toast";
import type { MembershipView } from "@/lib/applications/schemas";
import { DEFAULT_ROLE_KEYS, type DefaultRoleKey } from "@/lib/permissions";
import type { FormResult } from "@/lib/portal/form-result";

/**
 * A user's memberships: project, role, since when; with a Leave button (after a confirmation) when
 * the page passes `leave` (one's own list). `more` says the list is the newest page only.
 */
export function MembershipList({ memberships, more = false, leave }: {
  memberships: MembershipView[];
  more?: boolean;
  leave?: (target: { projectId: string; slug: string }) => Promise<FormResult>;
}) {
  const t = useTranslations("applications.memberships");
  const tRole = useTranslations("labels.defaultRole");
  const format = useFormatter();
  // Default roles in the reader's language; a team's own roles as the team named them.
  const roleName = (role: MembershipView["role"]) => (role.key && (DEFAULT_ROLE_KEYS as readonly string[]).includes(role.key) ? tRole(role.key as DefaultRoleKey) : role.name);
  const confirm = useConfirm();
  const toast = useToast();
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState<string | null>(null);
  const onLeave = async (project: MembershipView["project"]) => {
    if (!leave) return;
    if (!(await confirm({ title: t("leaveTitle", { project: project.name }), body: t("leaveBody"), confirmLabel: t("leaveConfirm") }))) return;
    setBusy(project.id);
    startTransition(async () => {
      const result = await leave({ projectId: project.id, slug: project.slug });
      toast(result.ok ? "success" : "error", result.message);
      setBusy(null);
    });
  };
  return (
    <div className="space-y-3">
      {memberships.length === 0 ? (
        <p className="text-sm text-slate-500">{t("empty")}</p>
      ) : (
        <DataTable
          caption={t("label")}
          columns={[{ label: t("project") }, { label: t("role") }, { label: t("since") }, ...(leave ? [{ label: t("actions"), srOnly: true, className: "text-right" }] : [])]}
        >
          {memberships.map(({ project, role, since }) => (
            <tr key={project.id}>
              <td className="break-words py-2 pr-3">
                <Link href={`/projects/${project.slug}`} className="font-medium text-slate-900 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
                  {project.name}
                </Link>
              </td>
              <td className="py-2 pr-3">{roleName(role)}</td>
              <td className="whitespace-nowrap py-2 pr-3">{format.dateTime(new Date(since), "date")}</td>
              {leave && (
                <td className="py-2 text-right">
                  <Button type="button" variant="ghost" pending={pending && busy === project.id} onClick={() => void onLeave(project)}>
                    {t("leave")}
                    <span className="sr-only">: {project.name}</span>
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      {more && <p className="text-sm text-slate-500">{t("more", { count: memberships.length })}</p>}
    </div>
  );
}
