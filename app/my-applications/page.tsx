import type { Metadata } from "next";
import Link from "next/link";
import { withdrawApplicationAction } from "@/app/applications/actions";
import { WithdrawButton } from "@/components/applications/apply-panel";
import { ApplicationStatusBadge } from "@/components/applications/status-badge";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { listMyApplications } from "@/lib/applications/service";
import { requirePortalActor } from "@/lib/auth/portal";

export const metadata: Metadata = { title: "My applications" };

export default async function MyApplicationsPage() {
  const actor = await requirePortalActor("/my-applications");
  const { data: applications } = await listMyApplications(actor, { limit: 100 });
  return (
    <div>
      <PageHeader title="My applications" description="Your applications to project teams, with the team's decision." />
      {applications.length === 0 ? (
        <EmptyState title="You have not applied to a project yet">
          Find a project in the{" "}
          <Link className="text-indigo-600 underline" href="/projects">
            directory
          </Link>{" "}
          and apply on its page.
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="My applications">
          {applications.map((application) => (
            <li key={application.id} className="space-y-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <Link href={`/projects/${application.project.slug}`} className="font-semibold text-slate-900 hover:text-indigo-700">
                  {application.project.name}
                </Link>
                <ApplicationStatusBadge status={application.status} />
              </div>
              <p className="text-xs text-slate-500">
                Applied {new Date(application.createdAt).toLocaleDateString("en")}
                {application.role ? ` · ${application.status === "ACCEPTED" ? "joined" : "asked"} as ${application.role.name}` : ""}
                {application.decidedAt ? ` · decided ${new Date(application.decidedAt).toLocaleDateString("en")}` : ""}
              </p>
              <p className="whitespace-pre-line text-sm text-slate-700">{application.message}</p>
              {application.reason && (
                <p className="rounded-md bg-slate-50 p-2 text-sm text-slate-700">
                  <span className="font-medium">The team&apos;s reason:</span> {application.reason}
                </p>
              )}
              {application.status === "PENDING" && <WithdrawButton target={{ projectId: application.projectId, slug: application.project.slug }} applicationId={application.id} action={withdrawApplicationAction} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
