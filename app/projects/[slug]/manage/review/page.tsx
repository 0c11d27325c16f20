import { getTranslations } from "next-intl/server";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { ReviewPanel } from "@/components/projects/manage/review-panel";
import { Card } from "@/components/ui/card";
import { getHistory } from "@/lib/reviews/service";
import { changeStatusAction } from "./actions";

export const generateMetadata = manageTabMetadata("review");

export default async function ReviewTabPage(props: ManageTabPageProps) {
  return renderManageTab(props, "review", async ({ actor, project }) => {
    const [history, t] = await Promise.all([getHistory(actor, project.id), getTranslations("manage.review")]);
    return (
      <Card title={t("title")} description={t("description")}>
        <ReviewPanel target={{ projectId: project.id, slug: project.slug }} history={history} action={changeStatusAction} />
      </Card>
    );
  });
}
