import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ProjectView } from "@/components/projects/project-view";
import { Notice } from "@/components/ui/notice";
import { loadPublicPreview } from "@/lib/portal/project-page";
import { previewApplyAction, previewFollowAction, previewWithdrawAction } from "./actions";

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const [{ project }, t] = await Promise.all([loadPublicPreview((await params).slug), getTranslations("projects.preview")]);
  return { title: t("title", { name: project.name }) };
}

/**
 * The project page as its audience will see it once published, for the team and staff (reviewers)
 * only: a signed-out visitor; for APPLICATION_ONLY a signed-in user who is not on the team; for
 * PRIVATE a team member (lib/portal/project-page.ts `loadPublicPreview`). Its buttons change nothing.
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
  const [{ project, audience, view, reviewer }, { from }] = await Promise.all([loadPublicPreview((await params).slug), searchParams]);
  const t = await getTranslations("projects.preview");
  const back =
    from === "review" && reviewer
      ? { href: `/review/${project.id}`, label: t("backToReview") }
      : { href: `/projects/${project.slug}`, label: t("back") };
  const notice = audience === "visitor" ? t("notice") : audience === "signedIn" ? t("signedInNotice") : t("memberNotice");
  return (
    <div className="space-y-4">
      <div data-testid="public-preview">
        <Notice tone="info">
          {notice}{" "}
          <Link href={back.href} className="font-semibold underline">
            {back.label}
          </Link>
        </Notice>
      </div>
      <section aria-labelledby="preview-audience" className="space-y-2">
        <p id="preview-audience" className="text-sm font-medium text-slate-600" data-testid="preview-audience">
          {t("shownAs", { audience })}
        </p>
        <ProjectView context={view} actions={{ follow: previewFollowAction, apply: previewApplyAction, withdraw: previewWithdrawAction }} />
      </section>
    </div>
  );
}
