import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { saveLauncherAction } from "@/app/projects/[slug]/manage/actions";
import { LauncherForm } from "@/components/projects/manage/launcher-form";
import { NoAccess } from "@/components/projects/manage/no-access";
import { Card } from "@/components/ui/card";
import { getLauncherSettings } from "@/lib/launcher/service";
import { loadManagePage } from "@/lib/portal/project-page";
import { moduleEnabled } from "@/lib/projects/access";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.tabs");
  return { title: t("launcher") };
}

export default async function LauncherPage({ params }: { params: Promise<{ slug: string }> }) {
  const { actor, project, access } = await loadManagePage((await params).slug);
  // The module guard: with the LAUNCHER module off this page does not exist.
  if (!moduleEnabled(project, "LAUNCHER")) notFound();
  if (!access.permissions.has("launcher.manage")) return <NoAccess what="launcher" />;
  const t = await getTranslations("manage.launcher");
  return (
    <Card title={t("title")} description={t("description")}>
      <LauncherForm
        target={{ projectId: project.id, slug: project.slug }}
        initial={await getLauncherSettings(actor, project.id)}
        action={saveLauncherAction}
      />
    </Card>
  );
}
