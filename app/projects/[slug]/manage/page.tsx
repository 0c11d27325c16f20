import { getTranslations } from "next-intl/server";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { PresentationForm } from "@/components/projects/manage/presentation-form";
import { Notice } from "@/components/ui/notice";
import { reviewedContentLocked } from "@/lib/permissions";
import { removeImageAction, savePresentationAction, uploadImageAction } from "./actions";

export const generateMetadata = manageTabMetadata("presentation");

export default async function PresentationPage(props: ManageTabPageProps<{ slug: string }, { created?: string }>) {
  return renderManageTab(props, "presentation", async ({ project }, { searchParams }) => {
    const target = { projectId: project.id, slug: project.slug };
    const { created } = await searchParams;
    const t = await getTranslations("manage");
    return (
      <div className="space-y-6">
        {created && <Notice tone="success">{t("created")}</Notice>}
        <PresentationForm
          target={target}
          actions={{ save: savePresentationAction, uploadImage: uploadImageAction, removeImage: removeImageAction }}
          images={{ logoUrl: project.logoUrl, bannerUrl: project.bannerUrl }}
          locked={reviewedContentLocked(project)}
          initial={{
            name: project.name,
            description: project.description,
            game: project.game,
            category: project.category,
            websiteUrl: project.websiteUrl ?? "",
            chatUrl: project.chatUrl ?? "",
            trailerUrl: project.trailerUrl ?? "",
            version: project.version,
          }}
        />
      </div>
    );
  });
}
