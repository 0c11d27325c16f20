import type { Metadata } from "next";
import { saveModulesAction } from "@/app/projects/[slug]/manage/actions";
import { ModulesForm } from "@/components/projects/manage/modules-form";
import { NoAccess } from "@/components/projects/manage/no-access";
import { Card } from "@/components/ui/card";
import { loadManagePage } from "@/lib/portal/project-page";
import { modulesView } from "@/lib/projects/service";

export const metadata: Metadata = { title: "Modules" };

export default async function ModulesPage({ params }: { params: Promise<{ slug: string }> }) {
  const { project, access } = await loadManagePage((await params).slug);
  if (!access.permissions.has("project.settings")) return <NoAccess what="change its modules" />;
  const view = modulesView(project);
  return (
    <Card title="Modules" description="A project uses only the platform functions it needs.">
      <ModulesForm target={{ projectId: project.id, slug: project.slug }} modules={view.available} enabled={view.modules} version={project.version} action={saveModulesAction} />
    </Card>
  );
}
