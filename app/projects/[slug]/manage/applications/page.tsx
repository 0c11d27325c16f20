import { getTranslations } from "next-intl/server";
import { decideApplicationAction, reopenApplicationAction } from "@/app/applications/actions";
import { ApplicationReview } from "@/components/applications/application-review";
import { HistoryFilters, HistoryMore } from "@/components/applications/history-filters";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { roleName } from "@/components/projects/role-name";
import { Card } from "@/components/ui/card";
import { isReopenable, reopenableUntil } from "@/lib/applications/reopen";
import { historyQuerySchema } from "@/lib/applications/schemas";
import { listApplicationHistory, listProjectApplications } from "@/lib/applications/service";
import { listRoles } from "@/lib/members/service";
import { canAcceptAs } from "@/lib/permissions";

export const generateMetadata = manageTabMetadata("applications");

type Search = { outcome?: string | string[]; q?: string | string[]; shown?: string | string[] };

export default async function ApplicationsPage(props: ManageTabPageProps<{ slug: string }, Search>) {
  return renderManageTab(props, "applications", async ({ actor, project, access }, { searchParams }) => {
    // The history's filters come from the address (`?outcome=&q=&shown=`); a malformed one falls back to its default.
    const raw = await searchParams;
    const query = historyQuerySchema.parse({
      outcome: typeof raw.outcome === "string" && raw.outcome !== "" ? raw.outcome : undefined,
      q: typeof raw.q === "string" && raw.q.trim() !== "" ? raw.q : undefined,
      shown: typeof raw.shown === "string" ? raw.shown : undefined,
    });
    const [t, defaultRole, pending, history, roles] = await Promise.all([
      getTranslations("manage.applications"),
      getTranslations("labels.defaultRole"),
      listProjectApplications(actor, project.id, { status: "PENDING", limit: 100 }),
      listApplicationHistory(actor, project.id, { outcome: query.outcome, q: query.q, limit: query.shown }),
      listRoles(actor, project.id),
    ]);
    const grantable = roles.filter((role) => canAcceptAs(access, role)).sort((a, b) => a.rank - b.rank);
    const now = new Date();
    const path = `/projects/${project.slug}/manage/applications`;
    return (
      <Card title={t("title")} description={t("description")}>
        <ApplicationReview
          target={{ projectId: project.id, slug: project.slug }}
          pending={[...pending.data].reverse()}
          // The history: the latest decision first (a list by application date put a decision just made at the bottom).
          decided={history.data}
          grantableRoles={grantable.map((role) => ({ id: role.id, name: roleName(role, (key) => defaultRole(key)), key: role.key }))}
          canDecide={access.permissions.has("applications.decide")}
          action={decideApplicationAction}
          reopenAction={reopenApplicationAction}
          reopenableUntil={Object.fromEntries(
            history.data
              .filter((application) => isReopenable(application, now))
              .map((application) => [application.id, reopenableUntil(application.decidedAt!).toISOString()]),
          )}
          historyFilters={<HistoryFilters path={path} query={query} />}
          historyMore={<HistoryMore path={path} query={query} shown={history.data.length} total={history.total} />}
          filtered={query.outcome !== undefined || query.q !== undefined}
        />
      </Card>
    );
  });
}
