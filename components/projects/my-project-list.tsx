"use client";

import { useLocale, useTranslations } from "next-intl";
import { BUTTON_SPINNER, buttonClassName } from "@/components/ui/button";
import { useRowMessage } from "@/components/i18n/use-row-message";
import { localTime } from "@/components/ui/local-time";
import { useListNavigation } from "@/components/navigation/list-navigation";
import { useAction } from "@/components/ui/use-action";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { MyProjectRow } from "@/lib/portal/my-projects";
import type { FormResult } from "@/lib/portal/form-result";
import { statusBadge, visibilityBadge } from "./badges";
import { logoInitial, ProjectLogo } from "./project-images";
import { roleName } from "./role-name";

const LEAVE_BUTTON = buttonClassName("ghost");

/**
 * My projects: one row per team the user is on, with the role, since when, a way into the
 * project's management and Leave (after a confirmation). An Owner cannot leave (ownership moves
 * by transfer first), so their rows have no Leave.
 *
 * A client component on purpose: the page sends the rows as data, not as rendered markup twice
 * (HTML and the server-component payload). The rows are plain markup inside this one component,
 * with no component per row (docs/performance.md): the hooks a `Button`, a `LocalTime` and a
 * `ProjectLogo` each call run once here for all rows (only a row with a logo of its own keeps a
 * `ProjectLogo`, which remembers whether the picture loaded). Its links are plain anchors with one
 * navigation handler on the list (useListNavigation). Its words are `projects.mine.list` alone,
 * the only part of the page's messages the browser gets (app/my-projects/layout.tsx).
 */
export function MyProjectList({
  rows,
  label,
  leave,
}: {
  rows: MyProjectRow[];
  /** The list's accessible name (the page's title). */
  label: string;
  leave: (target: { projectId: string; slug: string }) => Promise<FormResult>;
}) {
  const t = useTranslations("projects.mine.list");
  const tRole = useTranslations("labels.defaultRole");
  const tStatus = useTranslations("labels.projectStatus");
  const tVisibility = useTranslations("labels.visibility");
  const locale = useLocale();
  // While the server-rendered page waits for React, Leave is disabled, as a `Button` is.
  const hydrated = useHydrated();
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
    <ul aria-label={label} {...navigation} className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      {rows.map(({ project, role, since }) => {
        const pending = leaving.busy === project.id;
        return (
          <li key={project.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
            {project.logoUrl ? <ProjectLogo project={project} /> : logoInitial(project.name)}
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
                {roleSince({ role: roleName(role, (key) => tRole(key)) })}{" "}
                {localTime({ locale, inBrowser: hydrated, at: since, format: "date" })}
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
                <button
                  type="button"
                  className={LEAVE_BUTTON}
                  aria-label={leaveLabel({ project: project.name })}
                  disabled={pending || !hydrated}
                  aria-busy={pending || undefined}
                  onClick={() => void onLeave(project)}
                >
                  {pending && BUTTON_SPINNER}
                  {leaveText}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
