import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NoAccess } from "@/components/projects/manage/no-access";
import { ReviewPanel } from "@/components/projects/manage/review-panel";
import { Card } from "@/components/ui/card";
import { openManageTab } from "@/lib/portal/project-page";
import { getHistory } from "@/lib/reviews/service";
import { changeStatusAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.tabs");
  return { title: t("review") };
}

export default async function ReviewTabPage({ params }: { params: Promise<{ slug: string }> }) {
  const tab = await openManageTab((await params).slug, "review");
  if (tab.denied) return <NoAccess what={tab.denied} />;
  const { actor, project } = tab;
  const [history, t] = await Promise.all([getHistory(actor, project.id), getTranslations("manage.review")]);
  return (
    <Card title={t("title")} description={t("description")}>
      <ReviewPanel target={{ projectId: project.id, slug: project.slug }} history={history} action={changeStatusAction} />
    </Card>
  );
}
