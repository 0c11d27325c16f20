import type { Metadata } from "next";
import { createProjectAction } from "@/app/projects/actions";
import { CreateProjectForm } from "@/components/projects/create-project-form";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { requirePortalActor } from "@/lib/auth/portal";
import { canBeOwner, hasPlatformPermission } from "@/lib/permissions";

export const metadata: Metadata = { title: "Create a project" };

export default async function NewProjectPage() {
  const actor = await requirePortalActor("/projects/new");
  const allowed = hasPlatformPermission(actor, "projects.create");
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Create a project" description="It starts as a draft. Submit it for review when it is ready; the platform team approves it before it is published." />
      {allowed ? (
        <Card>
          <CreateProjectForm askForOwner={!canBeOwner(actor)} action={createProjectAction} />
        </Card>
      ) : (
        <Notice tone="info">
          {actor.platformRoles.includes("PARTNER")
            ? "Your partner status is not active, so you cannot create projects right now. Contact the platform team."
            : "Creating projects is for partners of the platform. Contact the platform team to become a partner."}
        </Notice>
      )}
    </div>
  );
}
