"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useRowMessage } from "@/components/i18n/use-row-message";
import { LocalTime } from "@/components/ui/local-time";
import { useListNavigation } from "@/components/navigation/list-navigation";
import { useAction } from "@/components/ui/use-action";
import type { MyProjectRow } from "@/lib/portal/my-projects";
import type { FormResult } from "@/lib/portal/form-result";
import { statusBadge, visibilityBadge } from "./badges";
import { ProjectLogo } from "./project-images";
import { roleName } from "./role-name";

/**
 * My projects: one row per team the user is on, with the role, since when, a way into the
 * project's management and Leave (after a confirmation). An Owner cannot leave (ownership moves
 * by transfer first), so their rows have no Leave.
 *
 * A client component on purpose: the page sends the rows as data, not as rendered markup twice
 * (HTML and the server-component payload). Its links are plain anchors with one navigation
 * handler on the list (useListNavigation). Rendering the rows is still most of the page's cost
 * (docs/performance.md).
 */
export function MyProjectList({
  rows,
  leave,
}: {
  rows: MyProjectRow[];
  leave: (target: { projectId: string; slug: string }) => Promise<FormResult>;
}) {
  const t = useTranslations("projects.mine");
  const tRole = useTranslations("labels.defaultRole");
  const tStatus = useTranslations("labels.projectStatus");
  const tVisibility = useTranslations("labels.visibility");
  const roleSince = useRowMessage(t.raw("roleSince"));
  const manageLabel = useRowMessage(t.raw("manageLabel"));
  const leaveLabel = useRowMessage(t.raw("leaveLabel"));
  const manage = t("manage");
  const leaveText = t("leave");
  const leaving = useAction();
  const navigation = useListNavigation();
  const onLeave = (project: MyProjectRow["project"]) =>
    leaving.run(() => leave({ projectId: project.id, slug: project.slug }), {
      key: project.id,
      confirm: { title: t("leaveTitle", { project: project.name }), body: t("leaveBody"), confirmLabel: t("leaveConfirm") },
    });
  return (
    <ul aria-label={t("title")} {...navigation} className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      {rows.map(({ project, role, since }) => (
        <li key={project.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <ProjectLogo project={project} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <a href={`/projects/${project.slug}`} className="font-semibold break-words text-slate-900 hover:text-indigo-700">
                {project.name}
              </a>
              {statusBadge(project.status, tStatus(project.status))}
              {visibilityBadge(tVisibility(project.visibility))}
            </div>
            <p className="text-sm break-words text-slate-500">
              {[project.game, project.category].filter(Boolean).join(" · ") || t("noGame")}
            </p>
            <p className="text-xs text-slate-500">
              {roleSince({ role: roleName(role, (key) => tRole(key)) })} <LocalTime at={since} format="date" />
            </p>
          </div>
          <div className="flex gap-2">
            <a
              href={`/projects/${project.slug}/manage`}
              aria-label={manageLabel({ project: project.name })}
              className="rounded-md px-3 py-2 text-sm font-semibold text-indigo-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
            >
              {manage}
            </a>
            {role.key !== "OWNER" && (
              <Button
                type="button"
                variant="ghost"
                aria-label={leaveLabel({ project: project.name })}
                pending={leaving.busy === project.id}
                onClick={() => void onLeave(project)}
              >
                {leaveText}
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
