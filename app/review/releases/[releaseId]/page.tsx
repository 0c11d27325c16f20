import type { Metadata } from "next";
import Link from "next/link";
import { ReviewFileList } from "@/components/review/review-file-list";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { MarkdownHtml } from "@/components/pages/markdown-html";
import { ReleaseDecisionPanel } from "@/components/review/release-decision";
import { Card, PageHeader } from "@/components/ui/card";
import { ListOrNone } from "@/components/ui/list-or-none";
import { LocalTime } from "@/components/ui/local-time";
import { requirePortalActor } from "@/lib/auth/portal";
import { hasPlatformPermission } from "@/lib/permissions";
import { orNotFound } from "@/lib/portal/or-not-found";
import { presentRelease, renderChangelog } from "@/lib/releases/service";
import { getReleaseReviewRecord } from "@/lib/reviews/release-review";
import { decideReleaseAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.release");
  return { title: t("title") };
}

/** Release review (DESIGN §8.2): what the reviewer checks, past decisions with internal notes, and the decision. */
export default async function ReleaseReviewPage({ params }: { params: Promise<{ releaseId: string }> }) {
  const { releaseId } = await params;
  const actor = await requirePortalActor(`/review/releases/${releaseId}`);
  // Like the project review page: for reviewers only, everyone else gets the not-found page.
  if (!hasPlatformPermission(actor, "projects.review")) notFound();
  const record = await orNotFound(getReleaseReviewRecord(actor, releaseId));
  const { project } = record.context;
  const release = presentRelease(record.release);
  const [t, tl, td] = await Promise.all([getTranslations("review.release"), getTranslations("labels"), getTranslations("review.decision")]);
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("heading", { project: project.name, version: release.version })}
        description={
          <>
            {t("description")}{" "}
            <span data-testid="release-review-state">
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 ring-1 ring-slate-300">
                {tl(`releaseState.${release.state}`)}
              </span>
            </span>
          </>
        }
      />
      <Card title={t("release")}>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">{t("project")}</dt>
          <dd>
            <Link href={`/projects/${project.slug}`} className="text-indigo-700 hover:underline">
              {project.name}
            </Link>{" "}
            (
            <Link href={`/review/${project.id}`} className="text-indigo-700 hover:underline">
              {t("projectReview")}
            </Link>
            )
          </dd>
          <dt className="font-medium">{t("version")}</dt>
          <dd className="break-all">{release.version}</dd>
          <dt className="font-medium">{t("title")}</dt>
          <dd className="break-words">{release.title}</dd>
          <dt className="font-medium">{t("channel")}</dt>
          <dd>{tl(`releaseChannel.${release.channel}`)}</dd>
          {release.submittedAt && (
            <>
              <dt className="font-medium">{t("submittedAt")}</dt>
              <dd>
                <LocalTime at={release.submittedAt} />
              </dd>
            </>
          )}
        </dl>
      </Card>
      <Card title={t("changelog")}>
        {release.changelog ? (
          <MarkdownHtml html={renderChangelog(release.changelog)} className="text-sm" />
        ) : (
          <p className="text-sm text-slate-600">{t("noChangelog")}</p>
        )}
      </Card>
      <Card title={t("files")} description={t("filesDescription")}>
        <ListOrNone items={release.files} none={t("noFiles")}>
          <ReviewFileList files={release.files} className="space-y-2 text-sm" testId="release-review-files" />
        </ListOrNone>
      </Card>
      <Card title={td("label")} description={t("decisionDescription")}>
        <ReleaseDecisionPanel
          releaseId={release.id}
          revision={release.revision}
          inReview={release.state === "IN_REVIEW"}
          ownProject={record.ownProject}
          action={decideReleaseAction}
        />
      </Card>
      <Card title={t("pastDecisions")} description={t("pastDecisionsDescription")}>
        <ListOrNone items={record.decisions} none={t("noDecisions")}>
          <ul className="space-y-3 text-sm">
            {record.decisions.map((decision) => (
              <li key={decision.id} className="space-y-1 rounded-md p-3 ring-1 ring-slate-200">
                <p>
                  <strong>{tl(`reviewDecision.${decision.decision}`)}</strong> · <LocalTime at={decision.at} />
                  {decision.reviewer ? ` · ${t("by", { name: decision.reviewer })}` : ""} · {t("revision", { revision: decision.version })}
                </p>
                <ul className="text-slate-700">
                  {Object.entries(decision.checklist).map(([item, check]) => (
                    <li key={item}>
                      {check.passed ? "✓" : "✗"} {td(`releaseItems.${item as "quality" | "security"}`)}
                      {check.note ? `: ${check.note}` : ""}
                    </li>
                  ))}
                </ul>
                {decision.publicReason && <p>{t("publicReason", { reason: decision.publicReason })}</p>}
                {decision.internalNote && <p className="text-slate-600">{t("internalNote", { note: decision.internalNote })}</p>}
              </li>
            ))}
          </ul>
        </ListOrNone>
      </Card>
    </div>
  );
}
