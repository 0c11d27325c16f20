import type { Metadata } from "next";
import Link from "next/link";
import { leaveProjectAction } from "@/app/applications/actions";
import { MembershipList } from "@/components/applications/memberships";
import { EmptyState, ProjectCard } from "@/components/projects/project-card";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePortalActor } from "@/lib/auth/portal";
import { hasPlatformPermission } from "@/lib/permissions";
import { myProjectsPage } from "@/lib/portal/my-projects";

export const metadata: Metadata = { title: "My projects" };

export default async function MyProjectsPage() {
  const actor = await requirePortalActor("/my-projects");
  const { projects, memberships, moreMemberships } = await myProjectsPage(actor);
  const canCreate = hasPlatformPermission(actor, "projects.create");
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title="My projects" description="Projects whose team you are on." />
        {canCreate && (
          <Link href="/projects/new" className="rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500">
            Create project
          </Link>
        )}
      </div>
      {projects.length === 0 ? (
        <EmptyState title="You are not on any project team yet">
          {canCreate ? (
            "Create your first project, or ask a team to add you."
          ) : (
            <>
              Browse the{" "}
              <Link className="text-indigo-600 underline" href="/projects">
                directory
              </Link>{" "}
              and find a project you like.
            </>
          )}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="My projects">
          {projects.map(({ project, role }) => (
            <ProjectCard key={project.id} project={project} role={role} showState />
          ))}
        </ul>
      )}
      <div className="mt-8">
        <Card title="My memberships" description="Every team you are on, with your role. Leaving ends your role; the last Owner cannot leave.">
          <MembershipList memberships={memberships} more={moreMemberships} leave={leaveProjectAction} />
        </Card>
      </div>
    </div>
  );
}
