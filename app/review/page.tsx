import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { requirePortalActor } from "@/lib/auth/portal";
import { hasPlatformPermission } from "@/lib/permissions";
import { listQueue } from "@/lib/reviews/service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.queue");
  return { title: t("title") };
}

export default async function ReviewQueuePage() {
  const actor = await requirePortalActor("/review");
  // The review pages exist for reviewers only: everyone else gets the not-found page.
  if (!hasPlatformPermission(actor, "projects.review")) notFound();
  const [t, queue] = await Promise.all([getTranslations("review.queue"), listQueue(actor)]);
  const waited = (seconds: number) =>
    seconds < 3600
      ? t("minutes", { count: Math.max(1, Math.round(seconds / 60)) })
      : seconds < 86_400
        ? t("hours", { count: Math.round(seconds / 3600) })
        : t("days", { count: Math.round(seconds / 86_400) });
  return (
    <div>
      <PageHeader title={t("title")} description={t("description")} />
      {queue.length === 0 ? (
        <EmptyState title={t("empty")}>{t("emptyText")}</EmptyState>
      ) : (
        <DataTable
          variant="framed"
          caption={t("caption")}
          columns={[{ label: t("position") }, { label: t("project") }, { label: t("waiting") }, { label: t("claim") }]}
        >
          {queue.map((entry) => (
            <tr key={entry.projectId}>
              <td className="px-4 py-3">{entry.position}</td>
              <td className="px-4 py-3">
                <Link href={`/review/${entry.projectId}`} className="break-words font-medium text-indigo-700 hover:underline">
                  {entry.name}
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
    </div>
  );
}
