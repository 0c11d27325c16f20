import { getTranslations } from "next-intl/server";
import { createProjectAction } from "@/app/projects/actions";
import { CreateProjectForm } from "@/components/projects/create-project-form";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { requirePortalActor } from "@/lib/auth/portal";
import { canBeOwner, hasPlatformPermission } from "@/lib/permissions";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("projects.create.title");

export default async function NewProjectPage() {
  const actor = await requirePortalActor("/projects/new");
  const allowed = hasPlatformPermission(actor, "projects.create");
  const t = await getTranslations("projects.create");
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("title")} description={t("intro")} />
      {allowed ? (
        <Card>
          <CreateProjectForm askForOwner={!canBeOwner(actor)} action={createProjectAction} />
        </Card>
      ) : (
        <Notice tone="info">{actor.platformRoles.includes("PARTNER") ? t("partnerInactive") : t("partnersOnly")}</Notice>
      )}
    </div>
  );
}
