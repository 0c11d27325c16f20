import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { changeStatusAction } from "@/app/projects/[slug]/manage/actions";
import { NoAccess } from "@/components/projects/manage/no-access";
import { ReviewPanel } from "@/components/projects/manage/review-panel";
import { Card } from "@/components/ui/card";
import { loadManagePage } from "@/lib/portal/project-page";
import { getHistory } from "@/lib/reviews/service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.tabs");
  return { title: t("review") };
}

export default async function ReviewTabPage({ params }: { params: Promise<{ slug: string }> }) {
  const { actor, project, access } = await loadManagePage((await params).slug);
  if (!access.permissions.has("project.view")) return <NoAccess what="review" />;
  const [history, t] = await Promise.all([getHistory(actor, project.id), getTranslations("manage.review")]);
  return (
    <Card title={t("title")} description={t("description")}>
      <ReviewPanel target={{ projectId: project.id, slug: project.slug }} history={history} action={changeStatusAction} />
    </Card>
  );
}
