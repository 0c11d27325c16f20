import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NoAccess } from "@/components/projects/manage/no-access";
import { PresentationForm } from "@/components/projects/manage/presentation-form";
import { Notice } from "@/components/ui/notice";
import { openManageTab } from "@/lib/portal/project-page";
import { savePresentationAction, uploadImageAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.tabs");
  return { title: t("presentation") };
}

export default async function PresentationPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ created?: string }>;
}) {
  const tab = await openManageTab((await params).slug, "presentation");
  if (tab.denied) return <NoAccess what={tab.denied} />;
  const { project } = tab;
  const target = { projectId: project.id, slug: project.slug };
  const { created } = await searchParams;
  const t = await getTranslations("manage");
  return (
    <div className="space-y-6">
      {created && <Notice tone="success">{t("created")}</Notice>}
      <PresentationForm
        target={target}
        action={savePresentationAction}
        uploadAction={uploadImageAction}
        images={{ logoUrl: project.logoUrl, bannerUrl: project.bannerUrl }}
        initial={{
          name: project.name,
          description: project.description,
          game: project.game,
          category: project.category,
          bannerUrl: project.bannerUrl ?? "",
          logoUrl: project.logoUrl ?? "",
          websiteUrl: project.websiteUrl ?? "",
          chatUrl: project.chatUrl ?? "",
          trailerUrl: project.trailerUrl ?? "",
          version: project.version,
        }}
      />
    </div>
  );
}
