import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { saveLauncherAction } from "@/app/projects/[slug]/manage/actions";
import { LauncherForm } from "@/components/projects/manage/launcher-form";
import { NoAccess } from "@/components/projects/manage/no-access";
import { Card } from "@/components/ui/card";
import { getLauncherSettings } from "@/lib/launcher/service";
import { loadManagePage } from "@/lib/portal/project-page";
import { moduleEnabled } from "@/lib/projects/access";

export const metadata: Metadata = { title: "Launcher" };

export default async function LauncherPage({ params }: { params: Promise<{ slug: string }> }) {
  const { actor, project, access } = await loadManagePage((await params).slug);
  // The module guard: with the LAUNCHER module off this page does not exist.
  if (!moduleEnabled(project, "LAUNCHER")) notFound();
  if (!access.permissions.has("launcher.manage")) return <NoAccess what="configure the launcher" />;
  return (
    <Card title="Launcher integration" description="What the platform launcher offers for this project once it is published.">
      <LauncherForm target={{ projectId: project.id, slug: project.slug }} initial={await getLauncherSettings(actor, project.id)} action={saveLauncherAction} />
    </Card>
  );
}
