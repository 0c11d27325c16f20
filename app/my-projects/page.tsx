import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { leaveProjectAction } from "@/app/applications/actions";
import { MembershipList } from "@/components/applications/memberships";
import { EmptyState, ProjectCard } from "@/components/projects/project-card";
import { roleName } from "@/components/projects/role-name";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePortalActor } from "@/lib/auth/portal";
import { hasPlatformPermission } from "@/lib/permissions";
import { myProjectsPage } from "@/lib/portal/my-projects";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("projects.mine");
  return { title: t("title") };
}

export default async function MyProjectsPage() {
  const actor = await requirePortalActor("/my-projects");
  const { projects, memberships, moreMemberships } = await myProjectsPage(actor);
  const canCreate = hasPlatformPermission(actor, "projects.create");
  const [t, defaultRole] = await Promise.all([getTranslations("projects.mine"), getTranslations("labels.defaultRole")]);
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title={t("title")} description={t("description")} />
        {canCreate && (
          <Link href="/projects/new" className="rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
            {t("create")}
          </Link>
        )}
      </div>
      {projects.length === 0 ? (
        <EmptyState title={t("empty")}>
          {canCreate ? (
            t("emptyCreate")
          ) : (
            t.rich("emptyBrowse", {
              link: (chunks) => (
                <Link className="text-indigo-600 underline" href="/projects">
                  {chunks}
                </Link>
              ),
            })
          )}
        </EmptyState>
      ) : (
        <>
          <h2 className="sr-only">{t("title")}</h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("title")}>
            {projects.map(({ project, role }) => (
              <ProjectCard key={project.id} project={project} role={roleName(role, (key) => defaultRole(key))} showState />
            ))}
          </ul>
        </>
      )}
      <div className="mt-8">
        <Card title={t("memberships")} description={t("membershipsText")}>
          <MembershipList memberships={memberships} more={moreMemberships} leave={leaveProjectAction} />
        </Card>
      </div>
    </div>
  );
}
