import type { Metadata } from "next";
import { ImageUpload } from "@/components/projects/manage/image-upload";
import { NoAccess } from "@/components/projects/manage/no-access";
import { PresentationForm } from "@/components/projects/manage/presentation-form";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { loadProjectPage } from "@/lib/portal/project-page";
import { savePresentationAction, uploadImageAction } from "./actions";

export const metadata: Metadata = { title: "Presentation" };

export default async function PresentationPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ created?: string }> }) {
  const { project, access } = await loadProjectPage((await params).slug);
  if (!access.permissions.has("project.edit")) return <NoAccess what="edit the presentation" />;
  const target = { projectId: project.id, slug: project.slug };
  const { created } = await searchParams;
  return (
    <div className="space-y-6">
      {created && <Notice tone="success">Your project is created as a draft. Complete its presentation, team and modules, then submit it for review.</Notice>}
      <Card title="Presentation" description="What everyone sees once the project is published.">
        <PresentationForm
          target={target}
          action={savePresentationAction}
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
      </Card>
      <Card title="Images">
        <div className="space-y-4">
          <ImageUpload target={target} kind="logo" current={project.logoUrl} version={project.version} action={uploadImageAction} />
          <ImageUpload target={target} kind="banner" current={project.bannerUrl} version={project.version} action={uploadImageAction} />
        </div>
      </Card>
    </div>
  );
}
