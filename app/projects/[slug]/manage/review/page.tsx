import { getTranslations } from "next-intl/server";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { ReviewPanel } from "@/components/projects/manage/review-panel";
import { ReviewChanges } from "@/components/review/review-changes";
import { Card } from "@/components/ui/card";
import { ListOrNone } from "@/components/ui/list-or-none";
import { LocalTime } from "@/components/ui/local-time";
import { type ManageTabContext, missingItemHref } from "@/lib/portal/project-page";
import { getHistory, getReviewDiff } from "@/lib/reviews/service";
import { changeStatusAction } from "./actions";

export const generateMetadata = manageTabMetadata("review");

export default async function ReviewTabPage(props: ManageTabPageProps) {
  return renderManageTab(props, "review", async (context) => {
    const { actor, project } = context;
    const [history, diff, t, tc] = await Promise.all([
      getHistory(actor, project.id),
      getReviewDiff(actor, project.id),
      getTranslations("manage.review"),
      getTranslations("review.changes"),
    ]);
    return (
      <div className="space-y-6">
        <Card title={t("title")} description={t("description")}>
          <ReviewPanel
            target={{ projectId: project.id, slug: project.slug }}
            history={history}
            missingLinks={missingLinks(history.missing, context, `/projects/${project.slug}/manage`)}
            action={changeStatusAction}
          />
        </Card>
        {/* After approval the team sees what the platform team will see on the change list. */}
        {diff.since && (
          <Card
            title={tc("sinceApproval")}
            description={tc.rich("sinceApprovalDescription", {
              time: () => <LocalTime at={diff.since!.at} />,
              version: diff.since.version,
            })}
          >
            <div data-testid="review-diff">
              <ListOrNone items={diff.changes} none={tc("noChangesSinceApproval")}>
                <ReviewChanges changes={diff.changes} />
              </ListOrNone>
            </div>
          </Card>
        )}
      </div>
    );
  });
}

/** Each missing item's link to where it is fixed, for the tabs this user may open. */
function missingLinks(missing: { path: string }[], context: ManageTabContext, base: string): Record<string, string> {
  return Object.fromEntries(
    missing.flatMap(({ path }) => {
      const href = missingItemHref(path, context);
      return href ? [[path, `${base}${href}`]] : [];
    }),
  );
}
