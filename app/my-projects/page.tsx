import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { leaveProjectAction } from "@/app/applications/actions";
import { acceptInvitationAction, declineInvitationAction } from "@/app/invitations/actions";
import { EmptyState } from "@/components/projects/project-card";
import { MyInvitations } from "@/components/projects/my-invitations";
import { MyProjectList } from "@/components/projects/my-project-list";
import { roleName } from "@/components/projects/role-name";
import { Avatar } from "@/components/ui/avatar";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { LocalTime } from "@/components/ui/local-time";
import { applicationsAwaiting } from "@/lib/applications/service";
import { requirePortalActor } from "@/lib/auth/portal";
import { myPendingInvitations } from "@/lib/invitations/service";
import { hasPlatformPermission } from "@/lib/permissions";
import { myProjectsPage, pageNumber } from "@/lib/portal/my-projects";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("projects.mine.title");

/** Invitations shown at once (the API pages through all of them): more wait until these are answered. */
const INVITATIONS_SHOWN = 20;

const PAGE_LINK = "rounded-md px-3 py-2 text-sm font-semibold text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50";

export default async function MyProjectsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePortalActor("/my-projects");
  const search = await searchParams;
  const page = pageNumber(search.page);
  const [{ rows, hasNext }, awaiting, invitations, t, tInvitations, defaultRole, done] = await Promise.all([
    myProjectsPage(actor, page),
    applicationsAwaiting(actor),
    myPendingInvitations(actor, INVITATIONS_SHOWN),
    getTranslations("projects.mine"),
    getTranslations("projects.invitations"),
    getTranslations("labels.defaultRole"),
    getTranslations("manage.done"),
  ]);
  const canCreate = hasPlatformPermission(actor, "projects.create");
  return (
    <div>
      <div className="flex flex-col sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0 flex-1">
          <PageHeader title={t("title")} description={t("description")} />
        </div>
        {canCreate && (
          <Link
            href="/projects/new"
            className="mb-6 shrink-0 self-start rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
          >
            {t("create")}
          </Link>
        )}
      </div>
      {/* Deleting a project (its Settings tab) leads here and says so here. */}
      {search.deleted && (
        <div className="mb-6">
          <Notice tone="success">{done("deleted")}</Notice>
        </div>
      )}
      {invitations.data.length > 0 && (
        <div className="mb-6">
          <Card title={tInvitations("title")} description={tInvitations("description")}>
            <MyInvitations
              invitations={invitations.data.map((invitation) => {
                const role = invitation.role ? roleName(invitation.role, (key) => defaultRole(key)) : null;
                const inviter = invitation.invitedBy?.displayName;
                return {
                  id: invitation.id,
                  project: { name: invitation.project.name },
                  summary:
                    role && inviter
                      ? tInvitations("summary", { inviter, role })
                      : role
                        ? tInvitations("summaryRole", { role })
                        : tInvitations("summaryRoleGone"),
                  expires: <LocalTime at={invitation.expiresAt} format="date" />,
                };
              })}
              label={tInvitations("title")}
              answers={{ accept: acceptInvitationAction, decline: declineInvitationAction }}
            />
          </Card>
        </div>
      )}
      {awaiting.length > 0 && (
        <div className="mb-6">
          <Card title={t("awaitingTitle")}>
            <ul className="divide-y divide-slate-100">
              {awaiting.map((application) => (
                <li key={application.id} className="flex flex-wrap items-center gap-3 py-2">
                  <Avatar name={application.applicant.displayName} url={application.applicant.avatarUrl} size={28} />
                  <p className="min-w-0 flex-1 text-sm break-words text-slate-700">
                    {t.rich("awaitingItem", {
                      name: application.applicant.displayName,
                      project: application.project.name,
                      time: () => <LocalTime at={application.createdAt} format="date" />,
                    })}
                  </p>
                  <Link
                    href={`/projects/${application.project.slug}/manage/applications`}
                    aria-label={t("awaitingDecideFor", { name: application.applicant.displayName })}
                    className="rounded-md px-3 py-1.5 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
                  >
                    {t("awaitingDecide")}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      )}
      {rows.length === 0 && page === 1 ? (
        <EmptyState title={t("empty")}>
          {canCreate
            ? t("emptyCreate")
            : t.rich("emptyBrowse", {
                link: (chunks) => (
                  <Link className="text-indigo-600 underline" href="/projects">
                    {chunks}
                  </Link>
                ),
              })}
        </EmptyState>
      ) : (
        <MyProjectList rows={rows} label={t("title")} leave={leaveProjectAction} />
      )}
      {(page > 1 || hasNext) && (
        <nav aria-label={t("pages")} className="mt-4 flex items-center justify-between gap-2">
          {page > 1 ? (
            <Link className={PAGE_LINK} href={page === 2 ? "/my-projects" : `/my-projects?page=${page - 1}`}>
              {t("previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-500">{t("page", { page })}</span>
          {hasNext ? (
            <Link className={PAGE_LINK} href={`/my-projects?page=${page + 1}`}>
              {t("next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
