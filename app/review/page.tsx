import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { NextPageLink } from "@/components/admin/next-page-link";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { requirePortalActor } from "@/lib/auth/portal";
import { hasPlatformPermission } from "@/lib/permissions";
import { QUEUE_KINDS, queueQuerySchema, type QueueKind } from "@/lib/reviews/schemas";
import { listQueue } from "@/lib/reviews/service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.queue");
  return { title: t("title") };
}

const PAGE_SIZE = "25";

/** Where a queue item is reviewed: a release on its own page (the release review), everything else on the project's. */
const reviewHref = (entry: { kind: QueueKind; projectId: string; releaseId?: string }) =>
  entry.kind === "RELEASE" && entry.releaseId ? `/review/releases/${entry.releaseId}` : `/review/${entry.projectId}`;

export default async function ReviewQueuePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePortalActor("/review");
  // The review pages exist for reviewers only: everyone else gets the not-found page.
  if (!hasPlatformPermission(actor, "projects.review")) notFound();
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter(
      (entry): entry is [string, string] => ["kind", "cursor"].includes(entry[0]) && typeof entry[1] === "string" && entry[1] !== "",
    ),
  );
  const parsed = queueQuerySchema.safeParse({ ...raw, limit: PAGE_SIZE });
  const query = parsed.success
    ? parsed.data
    : queueQuerySchema.parse({ kind: raw.kind === "RELEASE" || raw.kind === "CHANGE" ? raw.kind : undefined, limit: PAGE_SIZE });
  const [t, queue] = await Promise.all([getTranslations("review.queue"), listQueue(actor, query)]);
  const waited = (seconds: number) =>
    seconds < 3600
      ? t("minutes", { count: Math.max(1, Math.round(seconds / 60)) })
      : seconds < 86_400
        ? t("hours", { count: Math.round(seconds / 3600) })
        : t("days", { count: Math.round(seconds / 86_400) });
  return (
    <div>
      <PageHeader title={t("title")} description={t(`descriptions.${query.kind}`)} />
      <nav aria-label={t("kinds")} className="mb-4 flex flex-wrap gap-2" data-testid="review-queue-tabs">
        {QUEUE_KINDS.map((kind) => (
          <Link
            key={kind}
            href={`/review?kind=${kind}`}
            aria-current={kind === query.kind ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-inset ${
              kind === query.kind ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
            }`}
          >
            {t(`tabs.${kind}`)}
          </Link>
        ))}
      </nav>
      {queue.data.length === 0 ? (
        <EmptyState title={t(`empties.${query.kind}`)}>{t("emptyText")}</EmptyState>
      ) : (
        <DataTable
          variant="framed"
          caption={t(`captions.${query.kind}`)}
          columns={[{ label: t("position") }, { label: t("project") }, { label: t("waiting") }, { label: t("claim") }]}
        >
          {queue.data.map((entry) => (
            <tr key={`${entry.projectId}-${entry.releaseId ?? ""}`}>
              <td className="px-4 py-3">{entry.position}</td>
              <td className="px-4 py-3">
                <Link href={reviewHref(entry)} className="break-words font-medium text-indigo-700 hover:underline">
                  {entry.version ? t("release", { name: entry.name, version: entry.version }) : entry.name}
                </Link>
              </td>
              <td className="whitespace-nowrap px-4 py-3">{waited(entry.waitingSeconds)}</td>
              <td className="px-4 py-3 text-slate-700">
                {entry.claim ? (entry.claim.mine ? t("you") : entry.claim.reviewerName) : t("free")}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {query.cursor && (
          <Link href={`/review?kind=${query.kind}`} className="mt-4 text-sm font-semibold text-indigo-700">
            <span aria-hidden>←</span> {t("first")}
          </Link>
        )}
        <NextPageLink path="/review" query={{ kind: query.kind }} cursor={queue.nextCursor}>
          {t("older")}
        </NextPageLink>
      </div>
    </div>
  );
}
