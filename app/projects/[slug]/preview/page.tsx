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

/** The project page as a signed-out visitor will see it once published: for the team and staff (reviewers) only. */
export default async function ProjectPreviewPage({ params }: { params: Promise<{ slug: string }> }) {
  const { project, visitor } = await loadPublicPreview((await params).slug);
  const t = await getTranslations("projects.preview");
  return (
    <div className="space-y-4">
      <div data-testid="public-preview">
        <Notice tone="info">
          {visitor ? t("notice") : t("notVisible", { visibility: project.visibility })}{" "}
          <Link href={`/projects/${project.slug}`} className="font-semibold underline">
            {t("back")}
          </Link>
        </Notice>
      </div>
      {visitor && (
        <ProjectView context={visitor} actions={{ follow: followAction, apply: applyAction, withdraw: withdrawApplicationAction }} />
      )}
    </div>
  );
}
