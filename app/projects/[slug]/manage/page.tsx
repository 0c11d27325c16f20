import type { Metadata } from "next";
import { NoAccess } from "@/components/projects/manage/no-access";
import { PresentationForm } from "@/components/projects/manage/presentation-form";
import { Notice } from "@/components/ui/notice";
import { loadManagePage } from "@/lib/portal/project-page";
import { savePresentationAction, uploadImageAction } from "./actions";

export const metadata: Metadata = { title: "Presentation" };

export default async function PresentationPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ created?: string }> }) {
  const { project, access } = await loadManagePage((await params).slug);
  if (!access.permissions.has("project.edit")) return <NoAccess what="edit the presentation" />;
  const target = { projectId: project.id, slug: project.slug };
  const { created } = await searchParams;
  return (
    <div className="space-y-6">
      {created && <Notice tone="success">Your project is created as a draft. Complete its presentation, team and modules, then submit it for review.</Notice>}
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
