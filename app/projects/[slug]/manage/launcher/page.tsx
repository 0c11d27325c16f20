import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LauncherForm } from "@/components/projects/manage/launcher-form";
import { NoAccess } from "@/components/projects/manage/no-access";
import { Card } from "@/components/ui/card";
import { getLauncherSettings } from "@/lib/launcher/service";
import { openManageTab } from "@/lib/portal/project-page";
import { saveLauncherAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.tabs");
  return { title: t("launcher") };
}

export default async function LauncherPage({ params }: { params: Promise<{ slug: string }> }) {
  const tab = await openManageTab((await params).slug, "launcher");
  if (tab.denied) return <NoAccess what={tab.denied} />;
  const { actor, project } = tab;
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
