import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { claimAction, decideAction } from "@/app/review/actions";
import { StatusBadge, VisibilityBadge } from "@/components/projects/badges";
import { ProjectLogo } from "@/components/projects/project-card";
import { ClaimButton, DecisionForm } from "@/components/review/decision-form";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { requirePortalActor } from "@/lib/auth/portal";
import { AppError, NotFound } from "@/lib/errors";
import { presentProject } from "@/lib/projects/present";
import { getHistory, getReviewRecord } from "@/lib/reviews/service";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const actor = await requirePortalActor(`/review/${projectId}`);
  let record: Awaited<ReturnType<typeof getReviewRecord>>;
  try {
    record = await getReviewRecord(actor, projectId);
  } catch (error) {
    if (error instanceof NotFound) notFound();
    if (error instanceof AppError) return <Notice tone="info">{error.message}</Notice>;
    throw error;
  }
  const project = presentProject(record.context.project);
  const history = await getHistory(actor, projectId);
  const inReview = project.status === "IN_REVIEW";
  return (
    <div className="space-y-6">
      <PageHeader title={`Review: ${project.name}`} description={<>As the public would see it once published. <StatusBadge status={project.status} /> <VisibilityBadge visibility={project.visibility} /></>} />
      <Card title="Presentation">
        <div className="flex gap-4">
          <ProjectLogo project={project} size="lg" />
          <div className="space-y-2 text-sm">
            <p className="text-slate-600">{[project.game, project.category].filter(Boolean).join(" · ")}</p>
            <p className="whitespace-pre-line">{project.description || "No description."}</p>
            <ul className="text-slate-600">
              {[["Website", project.websiteUrl], ["Chat", project.chatUrl], ["Trailer", project.trailerUrl]].map(([label, url]) => url && <li key={label}>{label}: <code>{url}</code></li>)}
            </ul>
            <p className="text-slate-600">Modules: {project.modules.join(", ") || "none"}</p>
          </div>
        </div>
      </Card>
      {inReview ? (
        <Card title="Decision" description="Approval needs every check passed. A rejection needs a public reason.">
          <div className="space-y-6">
            <ClaimButton projectId={projectId} claimedByMe={record.claim?.reviewerId === actor.userId} claimedBy={record.claim && record.claim.reviewerId !== actor.userId ? "another reviewer" : null} action={claimAction} />
            {(!record.claim || record.claim.reviewerId === actor.userId) && <DecisionForm projectId={projectId} action={decideAction} />}
          </div>
        </Card>
      ) : (
        <Notice tone="info">This project is not waiting for review.</Notice>
      )}
      <Card title="Past reviews" description="Internal notes are shown to the platform team only.">
        {record.reviews.length === 0 ? (
          <p className="text-sm text-slate-500">No reviews yet.</p>
        ) : (
          <ul className="space-y-3 text-sm">
            {record.reviews.map((review) => (
              <li key={review.id} className="rounded-md p-3 ring-1 ring-slate-200">
                <strong>{review.decision === "APPROVE" ? "Approved" : "Rejected"}</strong> {review.createdAt.toLocaleString("en")}
                {review.publicReason && <p>Public: {review.publicReason}</p>}
                {review.internalNote && <p className="text-amber-800">Internal: {review.internalNote}</p>}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="History">
        <ol className="space-y-1 text-sm">
          {history.transitions.map((entry) => (
            <li key={`${entry.at}-${entry.to}`}>
              {new Date(entry.at).toLocaleString("en")}: {entry.from} → {entry.to}
              {entry.by ? ` by ${entry.by.displayName}` : ""}
              {entry.reason ? `: ${entry.reason}` : ""}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
