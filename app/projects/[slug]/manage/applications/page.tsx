import { getTranslations } from "next-intl/server";
import { decideApplicationAction } from "@/app/applications/actions";
import { ApplicationReview } from "@/components/applications/application-review";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { roleName } from "@/components/projects/role-name";
import { Card } from "@/components/ui/card";
import { listProjectApplications } from "@/lib/applications/service";
import { listRoles } from "@/lib/members/service";
import { canAcceptAs } from "@/lib/permissions";

export const generateMetadata = manageTabMetadata("applications");

export default async function ApplicationsPage(props: ManageTabPageProps) {
  return renderManageTab(props, "applications", async ({ actor, project, access }) => {
    const [t, defaultRole, pending, all, roles] = await Promise.all([
      getTranslations("manage.applications"),
      getTranslations("labels.defaultRole"),
      listProjectApplications(actor, project.id, { status: "PENDING", limit: 100 }),
      listProjectApplications(actor, project.id, { limit: 100 }),
      listRoles(actor, project.id),
    ]);
    const grantable = roles.filter((role) => canAcceptAs(access, role)).sort((a, b) => a.rank - b.rank);
    return (
      <Card title={t("title")} description={t("description")}>
        <ApplicationReview
          target={{ projectId: project.id, slug: project.slug }}
          pending={[...pending.data].reverse()}
          // The history: the latest decision first (a list by application date put a decision just made at the bottom).
          decided={all.data
            .filter((application) => application.status !== "PENDING")
            .sort((a, b) => (b.decidedAt ?? "").localeCompare(a.decidedAt ?? ""))}
          grantableRoles={grantable.map((role) => ({ id: role.id, name: roleName(role, (key) => defaultRole(key)), key: role.key }))}
          canDecide={access.permissions.has("applications.decide")}
          action={decideApplicationAction}
        />
      </Card>
    );
  });
}
