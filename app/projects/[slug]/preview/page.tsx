import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { applyAction, withdrawApplicationAction } from "@/app/applications/actions";
import { ProjectView } from "@/components/projects/project-view";
import { Notice } from "@/components/ui/notice";
import { loadPublicPreview } from "@/lib/portal/project-page";
import { followAction } from "../actions";

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const [{ project }, t] = await Promise.all([loadPublicPreview((await params).slug), getTranslations("projects.preview")]);
  return { title: t("title", { name: project.name }) };
}

/**
 * The project page as a signed-out visitor will see it once published: for the team and staff (reviewers) only.
 * `?from=review` (the review page's link) leads back to the review, for a reviewer; any other value,
 * or none, to the project page. The way back is built here from the project's id, never taken from the address.
 */
export default async function ProjectPreviewPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ from?: string | string[] }>;
}) {
  const [{ project, visitor, reviewer }, { from }] = await Promise.all([loadPublicPreview((await params).slug), searchParams]);
  const t = await getTranslations("projects.preview");
  const back =
    from === "review" && reviewer
      ? { href: `/review/${project.id}`, label: t("backToReview") }
      : { href: `/projects/${project.slug}`, label: t("back") };
  return (
    <div className="space-y-4">
      <div data-testid="public-preview">
        <Notice tone="info">
          {visitor ? t("notice") : t("notVisible", { visibility: project.visibility })}{" "}
          <Link href={back.href} className="font-semibold underline">
            {back.label}
          </Link>
        </Notice>
      </div>
      {visitor && (
        <ProjectView context={visitor} actions={{ follow: followAction, apply: applyAction, withdraw: withdrawApplicationAction }} />
      )}
    </div>
  );
}
