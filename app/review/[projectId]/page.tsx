import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { claimAction, decideAction } from "@/app/review/actions";
import { StatusBadge, VisibilityBadge } from "@/components/projects/badges";
import { ProjectLogo } from "@/components/projects/project-logo";
import { DecisionPanel } from "@/components/review/decision-form";
import { LauncherLines } from "@/components/review/launcher-lines";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { requirePortalActor } from "@/lib/auth/portal";
import { AppError, NotFound } from "@/lib/errors";
import { hasPlatformPermission, PROJECT_VISIBILITIES } from "@/lib/permissions";
import { presentProject } from "@/lib/projects/present";
import { PROJECT_MODULES } from "@/lib/projects/schemas";
import { getHistory, getReviewRecord } from "@/lib/reviews/service";
import { describeLauncherSettings, type SnapshotChange } from "@/lib/reviews/snapshot";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.page");
  return { title: t("title") };
}

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
  const [t, tl, format] = await Promise.all([getTranslations("review.page"), getTranslations("labels"), getFormatter()]);
  const when = (value: string | Date) => format.dateTime(new Date(value), "dateTime");
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("heading", { name: project.name })}
        description={
          <>
            {t("description")}{" "}
            <span data-testid="review-status">
              <StatusBadge status={project.status} />
            </span>{" "}
            <VisibilityBadge visibility={project.visibility} />
          </>
        }
      />
      <Card title={t("presentation")}>
        <div className="space-y-4">
          {project.bannerUrl ? (
            <img src={project.bannerUrl} alt={t("banner")} className="h-40 w-full rounded-md object-cover ring-1 ring-slate-200" />
          ) : (
            <p className="text-sm text-slate-600">{t("noBanner")}</p>
          )}
          <div className="flex flex-col gap-4 sm:flex-row">
            <ProjectLogo project={project} size="lg" />
            <div className="min-w-0 space-y-2 text-sm">
              <p className="text-slate-600">{[project.game, project.category].filter(Boolean).join(" · ")}</p>
              <p className="whitespace-pre-line break-words">{project.description || t("noDescription")}</p>
              <ul className="text-slate-600">
                {[
                  [t("website"), project.websiteUrl],
                  [t("chat"), project.chatUrl],
                  [t("trailer"), project.trailerUrl],
                ].map(
                  ([label, url]) =>
                    url && (
                      <li key={label} className="break-all">
                        {label}: <code>{url}</code>
                      </li>
                    ),
                )}
              </ul>
              <p className="text-slate-600">
                {t("modules", { modules: project.modules.map((module) => tl(`module.${module}`)).join(", ") || t("noModules") })}
              </p>
            </div>
          </div>
        </div>
      </Card>
      {record.launcher && (
        <Card title={t("launcher")} description={t("launcherDescription")}>
          <LauncherLines lines={describeLauncherSettings(record.launcher)} className="space-y-1 text-sm" />
        </Card>
      )}
      {inReview && record.lastReview && (
        <ChangesSinceLastReview lastReview={record.lastReview} changes={record.changes} t={t} tl={tl} when={when} />
      )}
      <Card title={t("decision")} description={t("decisionDescription")}>
        <DecisionPanel
          projectId={projectId}
          inReview={inReview}
          claimedByMe={record.claim?.reviewerId === actor.userId}
          claimedBy={record.claim && record.claim.reviewerId !== actor.userId ? t("anotherReviewer") : null}
          claimAction={claimAction}
          decideAction={decideAction}
        />
      </Card>
      <Card title={t("pastReviews")} description={t("pastReviewsDescription")}>
        {record.reviews.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noReviews")}</p>
        ) : (
          <ul className="space-y-3 text-sm">
            {record.reviews.map((review) => (
              <li key={review.id} className="rounded-md p-3 ring-1 ring-slate-200">
                <strong>{tl(`reviewDecision.${review.decision}`)}</strong> {when(review.createdAt)} UTC
                {review.publicReason && <p className="break-words">{t("publicReason", { reason: review.publicReason })}</p>}
                {review.internalNote && <p className="break-words text-amber-800">{t("internalNote", { note: review.internalNote })}</p>}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t("history")}>
        <ol className="space-y-1 text-sm">
          {history.transitions.map((entry) => (
            <li key={`${entry.at}-${entry.to}`}>
              {t("transition", {
                time: when(entry.at),
                from: entry.from ? tl(`projectStatus.${entry.from}`) : "–",
                to: tl(`projectStatus.${entry.to}`),
              })}
              {entry.by ? ` ${t("by", { name: entry.by.displayName })}` : ""}
              {entry.reason ? `: ${entry.reason}` : ""}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}

type ReviewRecord = Awaited<ReturnType<typeof getReviewRecord>>;
const VISIBILITY_KEYS = Object.fromEntries(PROJECT_VISIBILITIES.map((key) => [key, true])) as Record<
  (typeof PROJECT_VISIBILITIES)[number],
  true
>;
const MODULE_KEYS = PROJECT_MODULES;

/** The presentation, modules and launcher settings against the snapshot the last review kept. */
function ChangesSinceLastReview({
  lastReview,
  changes,
  t,
  tl,
  when,
}: {
  lastReview: NonNullable<ReviewRecord["lastReview"]>;
  changes: ReviewRecord["changes"];
  t: Awaited<ReturnType<typeof getTranslations<"review.page">>>;
  tl: Awaited<ReturnType<typeof getTranslations<"labels">>>;
  when: (value: Date) => string;
}) {
  // Visibility and modules are stored as enum keys: shown with their labels, never raw.
  // The launcher settings are lines of data, put into words here.
  const shown = (change: SnapshotChange, side: "before" | "after") => {
    if (change.field === "launcher") return <LauncherLines lines={change[side] ?? []} />;
    const text = change[side];
    return change.field === "visibility" && text in VISIBILITY_KEYS
      ? tl(`visibility.${text as keyof typeof VISIBILITY_KEYS}`)
      : change.field === "modules"
        ? text
            .split(", ")
            .map((module) => (module in MODULE_KEYS ? tl(`module.${module as keyof typeof MODULE_KEYS}`) : module))
            .join(", ")
        : text;
  };
  return (
    <Card
      title={t("changes")}
      description={t("changesDescription", { decision: tl(`reviewDecision.${lastReview.decision}`), time: when(lastReview.at) })}
    >
      {changes === null ? (
        <p className="text-sm text-slate-600">{t("noSnapshot")}</p>
      ) : changes.length === 0 ? (
        <p className="text-sm text-slate-600">{t("noChanges")}</p>
      ) : (
        <dl className="space-y-4 text-sm">
          {changes.map((change) => (
            <div key={change.field} className="space-y-1">
              <dt className="font-medium">{t(`fields.${change.field}`)}</dt>
              <dd className="grid gap-2 sm:grid-cols-2">
                <div className="whitespace-pre-line break-words rounded-md bg-red-50 p-2 text-red-900 ring-1 ring-red-200">
                  <span className="sr-only">{t("before")} </span>
                  {change.before ? <del className="no-underline">{shown(change, "before")}</del> : <em>{t("empty")}</em>}
                </div>
                <div className="whitespace-pre-line break-words rounded-md bg-emerald-50 p-2 text-emerald-900 ring-1 ring-emerald-200">
                  <span className="sr-only">{t("now")} </span>
                  {change.after ? <ins className="no-underline">{shown(change, "after")}</ins> : <em>{t("empty")}</em>}
                </div>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
