import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { type ApplyActions, ApplyPanel } from "@/components/applications/apply-panel";
import { FollowButton } from "@/components/projects/follow-button";
import { StatusBadge, VisibilityBadge } from "@/components/projects/badges";
import { ProjectBanner, ProjectLogo } from "@/components/projects/project-images";
import { roleName } from "@/components/projects/role-name";
import { ProjectDownloads } from "@/components/releases/project-downloads";
import { Announcements, ProjectPagesNav, SupportLinks } from "@/components/projects/project-content";
import type { Actor } from "@/lib/auth/actor";
import { applicationPanel } from "@/lib/applications/service";
import { latestMessages } from "@/lib/messages/service";
import { isFollowing } from "@/lib/notifications/preferences";
import { pageNavigation } from "@/lib/pages/service";
import type { FormResult } from "@/lib/portal/form-result";
import { MANAGE_TABS } from "@/lib/portal/project-page";
import { moduleEnabled, type ProjectContext } from "@/lib/projects/access";
import { presentProject } from "@/lib/projects/present";
import { settingsOf } from "@/lib/projects/settings";
import { supportLinksOf } from "@/lib/projects/support";

export interface ProjectViewActions extends ApplyActions {
  follow: (target: { projectId: string; slug: string }, follow: boolean) => Promise<FormResult>;
}

/**
 * A project's public page as `context` sees it: the project page for its visitor, and the preview
 * "as public" (app/projects/[slug]/preview) for a signed-out visitor's context.
 */
export async function ProjectView({
  context,
  actions,
}: {
  context: ProjectContext & { actor: Actor | null };
  actions: ProjectViewActions;
}) {
  const { actor, project: row, membership, access } = context;
  const project = presentProject(row);
  const settings = settingsOf(row);
  const [t, defaultRole, application, pages, announcements, following] = await Promise.all([
    getTranslations("projects.page"),
    getTranslations("labels.defaultRole"),
    actor ? applicationPanel(actor, context) : null,
    pageNavigation(context),
    latestMessages(context, { limit: 5 }),
    isFollowing(actor, row.id),
  ]);
  const signInToApply =
    !actor && moduleEnabled(row, "APPLICATIONS") && row.status === "PUBLISHED" && row.visibility === "PUBLIC" && settings.applicationsOpen;
  const canManage = MANAGE_TABS.some((tab) => access.permissions.has(tab.permission));
  const links = [
    [t("website"), project.websiteUrl],
    [t("chat"), project.chatUrl],
    [t("trailer"), project.trailerUrl],
  ].filter((link): link is [string, string] => Boolean(link[1]));
  return (
    <article className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <ProjectBanner url={project.bannerUrl} className="h-48 w-full" placeholderClassName="h-32" />
      <div className="space-y-6 p-6">
        <header className="flex flex-wrap items-start gap-4">
          <ProjectLogo project={project} size="lg" />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{project.name}</h1>
            <p className="text-sm text-slate-600">{[project.game, project.category].filter(Boolean).join(" · ")}</p>
            {(membership || access.permissions.size > 0) && (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <StatusBadge status={project.status} />
                <VisibilityBadge visibility={project.visibility} />
                {membership && (
                  <span className="text-xs text-slate-500">
                    {t("youAre", { role: roleName(membership.role, (key) => defaultRole(key)) })}
                  </span>
                )}
                {access.override && <span className="text-xs font-medium text-amber-700">{t("override")}</span>}
              </div>
            )}
          </div>
          {actor && <FollowButton following={following} action={actions.follow.bind(null, { projectId: row.id, slug: row.slug })} />}
          {canManage && (
            <Link
              href={`/projects/${project.slug}/manage${access.permissions.has("project.edit") ? "" : "/team"}`}
              className="rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
            >
              {t("manage")}
            </Link>
          )}
        </header>
        {project.description ? (
          <p className="whitespace-pre-line break-words text-slate-700">{project.description}</p>
        ) : (
          <p className="text-slate-500">{t("noDescription")}</p>
        )}
        {links.length > 0 && (
          <ul className="flex flex-wrap gap-3" aria-label={t("links")}>
            {links.map(([label, href]) => (
              <li key={label}>
                <a
                  href={href}
                  rel="noopener noreferrer nofollow"
                  target="_blank"
                  className="rounded-md px-3 py-1.5 text-sm font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
                >
                  {label} <span aria-hidden>↗</span>
                  <span className="sr-only"> {t("newTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {settings.contactEmail && (
          <p className="text-sm text-slate-700">
            {t("contact")}:{" "}
            <a href={`mailto:${settings.contactEmail}`} className="font-medium break-all text-indigo-700 hover:underline">
              {settings.contactEmail}
            </a>
          </p>
        )}
        {moduleEnabled(row, "DOWNLOADS") && <ProjectDownloads actor={actor} projectId={row.id} />}
        {application && (
          <ApplyPanel
            target={{ projectId: row.id, slug: row.slug }}
            prompt={application.prompt}
            offeredRoles={application.offeredRoles.map((role) => ({ id: role.id, name: roleName(role, (key) => defaultRole(key)) }))}
            pendingApplication={
              application.pending && {
                ...application.pending,
                roleName: application.pending.role && roleName(application.pending.role, (key) => defaultRole(key)),
              }
            }
            actions={actions}
          />
        )}
        {signInToApply && (
          <p className="text-sm text-slate-600">
            {t.rich("signInToApply", {
              link: (chunks) => (
                <Link
                  href={`/sign-in?next=${encodeURIComponent(`/projects/${row.slug}`)}`}
                  className="font-medium text-indigo-700 underline"
                >
                  {chunks}
                </Link>
              ),
            })}
          </p>
        )}
        <ProjectPagesNav slug={row.slug} pages={pages} />
        <Announcements slug={row.slug} messages={announcements.data} more={announcements.nextCursor !== null} />
        <SupportLinks links={supportLinksOf(context)} />
      </div>
    </article>
  );
}
