import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { claimAction, decideAction } from "@/app/review/actions";
import { StatusBadge, VisibilityBadge } from "@/components/projects/badges";
import { ProjectLogo } from "@/components/projects/project-card";
import { DecisionPanel } from "@/components/review/decision-form";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { requirePortalActor } from "@/lib/auth/portal";
import { AppError, NotFound } from "@/lib/errors";
import { hasPlatformPermission } from "@/lib/permissions";
import { presentProject } from "@/lib/projects/present";
import { getHistory, getReviewRecord } from "@/lib/reviews/service";
import { describeLauncherSettings } from "@/lib/reviews/snapshot";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const actor = await requirePortalActor(`/review/${projectId}`);
  // The review pages exist for reviewers only: everyone else gets the not-found page.
  if (!hasPlatformPermission(actor, "projects.review")) notFound();
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
      <PageHeader
        title={`Review: ${project.name}`}
        description={
          <>
            As the public would see it once published. <span data-testid="review-status"><StatusBadge status={project.status} /></span> <VisibilityBadge visibility={project.visibility} />
          </>
        }
      />
      <Card title="Presentation">
        <div className="space-y-4">
          {project.bannerUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- the project's own image, any host
            <img src={project.bannerUrl} alt="Banner" className="h-40 w-full rounded-md object-cover ring-1 ring-slate-200" />
          ) : (
            <p className="text-sm text-slate-500">No banner.</p>
          )}
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
        </div>
      </Card>
      {record.launcher && (
        <Card title="Launcher settings" description="What the platform launcher offers for this project and which program it starts.">
          <ul className="space-y-1 text-sm">
            {describeLauncherSettings(record.launcher).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Card>
      )}
      {inReview && record.lastReview && <ChangesSinceLastReview lastReview={record.lastReview} changes={record.changes} />}
      <Card title="Decision" description="Approval needs every check passed. A rejection needs a public reason.">
        <DecisionPanel
          projectId={projectId}
          inReview={inReview}
          claimedByMe={record.claim?.reviewerId === actor.userId}
          claimedBy={record.claim && record.claim.reviewerId !== actor.userId ? "another reviewer" : null}
          claimAction={claimAction}
          decideAction={decideAction}
        />
      </Card>
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

type ReviewRecord = Awaited<ReturnType<typeof getReviewRecord>>;

/** The presentation, modules and launcher settings against the snapshot the last review kept. */
function ChangesSinceLastReview({ lastReview, changes }: { lastReview: NonNullable<ReviewRecord["lastReview"]>; changes: ReviewRecord["changes"] }) {
  const when = `${lastReview.decision === "APPROVE" ? "approved" : "rejected"} ${lastReview.at.toLocaleString("en")}`;
  return (
    <Card title="Changes since the last review" description={`Compared with the project as it was when last reviewed (${when}).`}>
      {changes === null ? (
        <p className="text-sm text-slate-500">The last review was recorded before reviews kept a copy of the project, so there is nothing to compare with.</p>
      ) : changes.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing changed since the last review.</p>
      ) : (
        <dl className="space-y-4 text-sm">
          {changes.map((change) => (
            <div key={change.field} className="space-y-1">
              <dt className="font-medium">{change.label}</dt>
              <dd className="grid gap-2 sm:grid-cols-2">
                <p className="whitespace-pre-line break-words rounded-md bg-red-50 p-2 text-red-900 ring-1 ring-red-200">
                  <span className="sr-only">Before: </span>
                  {change.before ? <del className="no-underline">{change.before}</del> : <em>empty</em>}
                </p>
                <p className="whitespace-pre-line break-words rounded-md bg-emerald-50 p-2 text-emerald-900 ring-1 ring-emerald-200">
                  <span className="sr-only">Now: </span>
                  {change.after ? <ins className="no-underline">{change.after}</ins> : <em>empty</em>}
                </p>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
