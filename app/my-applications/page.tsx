import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { withdrawApplicationAction } from "@/app/applications/actions";
import { WithdrawButton } from "@/components/applications/apply-panel";
import { ApplicationStatusBadge } from "@/components/applications/status-badge";
import { EmptyState } from "@/components/projects/project-card";
import { roleName } from "@/components/projects/role-name";
import { PageHeader } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { listMyApplications } from "@/lib/applications/service";
import { requirePortalActor } from "@/lib/auth/portal";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("applications.mine.title");

export default async function MyApplicationsPage() {
  const actor = await requirePortalActor("/my-applications");
  const [{ data: applications }, t, tRole] = await Promise.all([
    listMyApplications(actor, { limit: 100 }),
    getTranslations("applications.mine"),
    getTranslations("labels.defaultRole"),
  ]);
  return (
    <div>
      <PageHeader title={t("title")} description={t("description")} />
      {applications.length === 0 ? (
        <EmptyState title={t("empty")}>
          {t.rich("emptyHint", {
            link: (chunks) => (
              <Link className="text-indigo-600 underline" href="/projects">
                {chunks}
              </Link>
            ),
          })}
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label={t("listLabel")}>
          {applications.map((application) => (
            <li key={application.id} className="space-y-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <Link
                  href={`/projects/${application.project.slug}`}
                  className="break-words font-semibold text-slate-900 hover:text-indigo-700"
                >
                  {application.project.name}
                </Link>
                <ApplicationStatusBadge status={application.status} />
              </div>
              <p className="text-xs text-slate-500">
                {t.rich("applied", { time: () => <LocalTime at={application.createdAt} format="date" /> })}
                {application.role &&
                  ` · ${
                    application.status === "ACCEPTED"
                      ? t("joinedAs", { role: roleName(application.role, tRole) })
                      : t("askedAs", { role: roleName(application.role, tRole) })
                  }`}
                {application.decidedAt && (
                  <> · {t.rich("decided", { time: () => <LocalTime at={application.decidedAt!} format="date" /> })}</>
                )}
              </p>
              <p className="whitespace-pre-line break-words text-sm text-slate-700">{application.message}</p>
              {application.reason && (
                <p className="break-words rounded-md bg-slate-50 p-2 text-sm text-slate-700">
                  <span className="font-medium">{t("reason")}</span> {application.reason}
                </p>
              )}
              {application.status === "PENDING" && (
                <WithdrawButton
                  target={{ projectId: application.projectId, slug: application.project.slug }}
                  applicationId={application.id}
                  action={withdrawApplicationAction}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
