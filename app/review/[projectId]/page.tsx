import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { acknowledgeAction, claimAction, decideAction } from "@/app/review/actions";
import { StatusBadge, VisibilityBadge } from "@/components/projects/badges";
import { ProjectLogo } from "@/components/projects/project-images";
import { FallbackImage } from "@/components/ui/fallback-image";
import { MarkdownHtml } from "@/components/pages/markdown-html";
import { AcknowledgeButton } from "@/components/review/acknowledge-button";
import { ChecksProgressProvider, DecisionBar } from "@/components/review/checks-progress";
import { DecisionPanel } from "@/components/review/decision-form";
import { LauncherLines } from "@/components/review/launcher-lines";
import { ReviewChanges } from "@/components/review/review-changes";
import { ReviewFileList } from "@/components/review/review-file-list";
import { TrustSwitch } from "@/components/review/trust-switch";
import { Avatar } from "@/components/ui/avatar";
import { Card, PageHeader } from "@/components/ui/card";
import { ListOrNone } from "@/components/ui/list-or-none";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { requirePortalActor } from "@/lib/auth/portal";
import { AppError } from "@/lib/errors";
import { renderMarkdown } from "@/lib/markdown/render";
import { hasPlatformPermission } from "@/lib/permissions";
import { orNotFound } from "@/lib/portal/or-not-found";
import { presentProject } from "@/lib/projects/present";
import { describeLauncherSettings } from "@/lib/reviews/launcher-lines";
import { getHistory, getReviewRecord } from "@/lib/reviews/service";
import { picturesOf } from "@/lib/users/present";
import { setTrustAction } from "./actions";

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
    record = await orNotFound(getReviewRecord(actor, projectId));
  } catch (error) {
    if (error instanceof AppError) return <Notice tone="info">{error.message}</Notice>;
    throw error;
  }
  const project = presentProject(record.context.project);
  const history = await getHistory(actor, projectId);
  const pictures = await picturesOf(history.transitions.map((entry) => entry.by?.id));
  const inReview = project.status === "IN_REVIEW";
  const [t, tc, tl] = await Promise.all([getTranslations("review.page"), getTranslations("review.changes"), getTranslations("labels")]);
  const content = record.content;
  const when = (value: string | Date) => () => <LocalTime at={value} />;
  const comparesWithLastReview = inReview && Boolean(record.lastReview);
  /** The summary's links, in the page's order (the decision has its own button above them). */
  const sections: [string, string][] = [
    ["presentation", t("presentation")],
    ["settings", t("settings")],
    ["pages", t("pages")],
    ["support-links", t("supportLinks")],
    ...(record.launcher ? [["launcher", t("launcher")] as [string, string]] : []),
    ["releases", t("releases")],
    ["trust", t("trust")],
    ["since-approval", tc("sinceApproval")],
    ...(comparesWithLastReview ? [["changes", t("changes")] as [string, string]] : []),
    ["past-reviews", t("pastReviews")],
    ["history", t("history")],
  ];
  return (
    <ChecksProgressProvider>
      <div className="space-y-6">
        <PageHeader
          title={t("heading", { name: project.name })}
          description={
            <>
              {t("description")}{" "}
              <span data-testid="review-status">
                <StatusBadge status={project.status} />
              </span>{" "}
              <VisibilityBadge visibility={project.visibility} /> {/* The version a decision or acknowledgement made now is pinned to. */}
              <span className="text-slate-600" data-testid="review-version">
                {t("version", { version: record.context.project.version })}
              </span>
            </>
          }
        />
        <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_13rem] lg:items-start lg:gap-6">
          {/* The summary: the way to the decision and to each section, kept in view beside them on wide screens (GitLab's merge request keeps its approve box so); first on a phone. */}
          <nav
            aria-label={t("onThisPage")}
            className="mb-6 space-y-3 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-4 lg:order-last lg:mb-0"
          >
            <a
              href="#decision"
              className="block rounded-md bg-indigo-600 px-3 py-2 text-center font-semibold text-white shadow-sm hover:bg-indigo-500"
            >
              {t("decision")}
            </a>
            <ul className="flex flex-wrap gap-x-3 gap-y-1 lg:block lg:space-y-1">
              {sections.map(([id, label]) => (
                <li key={id}>
                  <a href={`#${id}`} className="text-indigo-700 hover:underline">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
            <Link href={`/projects/${project.slug}/preview?from=review`} className="block font-medium text-indigo-700 hover:underline">
              {t("previewAsPublic")}
            </Link>
          </nav>
          <div className="min-w-0 space-y-6">
            <Card id="presentation" title={t("presentation")}>
              <div className="space-y-4">
                <FallbackImage
                  src={project.bannerUrl}
                  alt={t("banner")}
                  className="h-40 w-full rounded-md object-cover ring-1 ring-slate-200"
                  fallback={
                    <p className="text-sm text-slate-600">
                      {project.bannerUrl ? t("brokenBanner", { url: project.bannerUrl }) : t("noBanner")}
                    </p>
                  }
                />
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
            {/* Everything else that is reviewed: settings (the application prompt), pages, support links, launcher, releases. */}
            <Card id="settings" title={t("settings")}>
              <dl className="space-y-2 text-sm">
                <div>
                  <dt className="font-medium">{t("applicationPrompt")}</dt>
                  <dd className="whitespace-pre-line break-words text-slate-700">{content.settings.applicationPrompt || t("noPrompt")}</dd>
                </div>
                <div>
                  <dt className="font-medium">{t("contactEmail")}</dt>
                  <dd className="break-all text-slate-700">{content.settings.contactEmail || t("none")}</dd>
                </div>
              </dl>
            </Card>
            <Card id="pages" title={t("pages")}>
              <ListOrNone items={content.pages} none={t("noPages")}>
                <div className="space-y-4">
                  {content.pages.map((page) => (
                    <article key={page.slug} className="rounded-md p-3 ring-1 ring-slate-200">
                      <h3 className="font-semibold">
                        {page.title} <code className="text-xs font-normal text-slate-500">/{page.slug}</code>
                      </h3>
                      <MarkdownHtml html={renderMarkdown(page.body)} className="mt-2 text-sm" />
                    </article>
                  ))}
                </div>
              </ListOrNone>
            </Card>
            <Card id="support-links" title={t("supportLinks")}>
              <ListOrNone items={content.supportLinks} none={t("none")}>
                <ul className="space-y-1 text-sm">
                  {content.supportLinks.map((link) => (
                    <li key={link.url} className="break-all">
                      {link.label ? `${link.label}: ` : ""}
                      <code>{link.url}</code>
                    </li>
                  ))}
                </ul>
              </ListOrNone>
            </Card>
            {record.launcher && (
              <Card id="launcher" title={t("launcher")} description={t("launcherDescription")}>
                <LauncherLines lines={describeLauncherSettings(record.launcher)} className="space-y-1 text-sm" />
              </Card>
            )}
            <Card id="releases" title={t("releases")} description={t("releasesDescription")}>
              <ListOrNone items={record.releases} none={t("noReleases")}>
                <ul className="space-y-3 text-sm">
                  {record.releases.map((release) => (
                    <li key={release.id} className="space-y-1 rounded-md p-3 ring-1 ring-slate-200">
                      <p>
                        <strong>{release.version}</strong> {release.title} · {tl(`releaseChannel.${release.channel}`)} ·{" "}
                        {tl(`releaseState.${release.state}`)}
                        {release.state === "IN_REVIEW" && (
                          <>
                            {" · "}
                            <Link href={`/review/releases/${release.id}`} className="font-medium text-indigo-700 hover:underline">
                              {t("openReleaseReview", { version: release.version })}
                            </Link>
                          </>
                        )}
                      </p>
                      {release.changelog && <MarkdownHtml html={renderMarkdown(release.changelog)} className="text-slate-700" />}
                      <ReviewFileList files={release.files} className="space-y-0.5" />
                    </li>
                  ))}
                </ul>
              </ListOrNone>
            </Card>
            <Card id="trust" title={t("trust")} description={t("trustDescription")}>
              <TrustSwitch
                projectId={projectId}
                version={record.context.project.version}
                trusted={record.context.project.trusted}
                reason={record.context.project.trustReason}
                action={setTrustAction}
              />
            </Card>
            <Card
              id="since-approval"
              title={tc("sinceApproval")}
              description={
                record.diff.since &&
                tc.rich("sinceApprovalDescription", { time: when(record.diff.since.at), version: record.diff.since.version })
              }
            >
              {/* Before a first approval there is nothing to compare with: said in words, no empty list. */}
              {!record.diff.since && record.diff.changes.length === 0 && !record.diff.changedAt ? (
                <p className="text-sm text-slate-600">{tc("noBaseline")}</p>
              ) : (
                <div className="space-y-4" data-testid="review-diff">
                  {record.diff.since && record.diff.changes.length === 0 && (
                    <p className="text-sm text-slate-600">{tc("noChangesSinceApproval")}</p>
                  )}
                  <ReviewChanges changes={record.diff.changes} />
                  {record.diff.changedAt && (
                    <>
                      <p className="text-sm text-slate-600">{tc.rich("onChangeList", { time: when(record.diff.changedAt) })}</p>
                      <AcknowledgeButton projectId={projectId} version={record.context.project.version} action={acknowledgeAction} />
                    </>
                  )}
                </div>
              )}
            </Card>
            {inReview && record.lastReview && (
              <Card
                id="changes"
                title={t("changes")}
                description={t.rich("changesDescription", {
                  decision: tl(`reviewDecision.${record.lastReview.decision}`),
                  time: when(record.lastReview.at),
                })}
              >
                {record.changes === null ? (
                  <p className="text-sm text-slate-600">{t("noSnapshot")}</p>
                ) : record.changes.length === 0 ? (
                  <p className="text-sm text-slate-600">{t("noChanges")}</p>
                ) : (
                  <ReviewChanges changes={record.changes} />
                )}
              </Card>
            )}
            <Card id="decision" title={t("decision")} description={t("decisionDescription")}>
              <DecisionPanel
                projectId={projectId}
                inReview={inReview}
                claimedByMe={record.claim?.reviewerId === actor.userId}
                claimedBy={record.claim && record.claim.reviewerId !== actor.userId ? t("anotherReviewer") : null}
                claimAction={claimAction}
                decideAction={decideAction}
              />
            </Card>
            <Card id="past-reviews" title={t("pastReviews")} description={t("pastReviewsDescription")}>
              <ListOrNone items={record.reviews} none={t("noReviews")}>
                <ul className="space-y-3 text-sm">
                  {record.reviews.map((review) => (
                    <li key={review.id} className="rounded-md p-3 ring-1 ring-slate-200">
                      <strong>{tl(`reviewDecision.${review.decision}`)}</strong> {when(review.createdAt)()}
                      {review.version !== null && <span className="text-slate-600"> · {t("version", { version: review.version })}</span>}
                      {review.publicReason && <p className="break-words">{t("publicReason", { reason: review.publicReason })}</p>}
                      {review.internalNote && (
                        <p className="break-words text-amber-800">{t("internalNote", { note: review.internalNote })}</p>
                      )}
                    </li>
                  ))}
                </ul>
              </ListOrNone>
            </Card>
            <Card id="history" title={t("history")}>
              <ol className="space-y-1 text-sm">
                {history.transitions.map((entry) => (
                  <li key={`${entry.at}-${entry.to}`} className="flex flex-wrap items-center gap-x-1.5">
                    {entry.by && <Avatar name={entry.by.displayName} url={pictures.get(entry.by.id) ?? null} size={18} />}
                    {/* One flex item: the gap is for the avatar, not between the time and its colon. */}
                    <span className="min-w-0 break-words" data-testid="transition">
                      {t.rich("transition", {
                        time: when(entry.at),
                        from: entry.from ? tl(`projectStatus.${entry.from}`) : "–",
                        to: tl(`projectStatus.${entry.to}`),
                      })}
                      {entry.by ? ` ${t("by", { name: entry.by.displayName })}` : ""}
                      {entry.reason ? `: ${entry.reason}` : ""}
                    </span>
                  </li>
                ))}
              </ol>
            </Card>
          </div>
        </div>
        {/* Below 1024 px the summary is only at the top of a long page: the bar keeps the way to the decision, and the checks' state, in view. */}
        <DecisionBar label={t("toDecision")} />
      </div>
    </ChecksProgressProvider>
  );
}
