import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { requirePortalActor } from "@/lib/auth/portal";
import { hasPlatformPermission } from "@/lib/permissions";
import { listQueue } from "@/lib/reviews/service";

export const metadata: Metadata = { title: "Review queue" };

function waited(seconds: number) {
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

export default async function ReviewQueuePage() {
  const actor = await requirePortalActor("/review");
  // The review pages exist for reviewers only: everyone else gets the not-found page.
  if (!hasPlatformPermission(actor, "projects.review")) notFound();
  const queue = await listQueue(actor);
  return (
    <div>
      <PageHeader title="Review queue" description="Projects waiting for approval, oldest first. Claim one before you review it." />
      {queue.length === 0 ? (
        <EmptyState title="Nothing waits for review">New submissions appear here.</EmptyState>
      ) : (
        <table className="w-full rounded-lg bg-white text-left text-sm shadow-sm ring-1 ring-slate-200">
          <caption className="sr-only">Projects in review</caption>
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-2">#</th>
              <th scope="col" className="px-4 py-2">Project</th>
              <th scope="col" className="px-4 py-2">Waiting</th>
              <th scope="col" className="px-4 py-2">Claim</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {queue.map((entry) => (
              <tr key={entry.projectId}>
                <td className="px-4 py-3">{entry.position}</td>
                <td className="px-4 py-3">
                  <Link href={`/review/${entry.projectId}`} className="font-medium text-indigo-700 hover:underline">
                    {entry.name}
                  </Link>
                </td>
                <td className="px-4 py-3">{waited(entry.waitingSeconds)}</td>
                <td className="px-4 py-3 text-slate-600">{entry.claim ? (entry.claim.mine ? "You" : entry.claim.reviewerName) : "Free"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
