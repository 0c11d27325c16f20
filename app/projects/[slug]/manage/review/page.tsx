import type { Metadata } from "next";
import { changeStatusAction } from "@/app/projects/[slug]/manage/actions";
import { NoAccess } from "@/components/projects/manage/no-access";
import { ReviewPanel } from "@/components/projects/manage/review-panel";
import { Card } from "@/components/ui/card";
import { loadManagePage } from "@/lib/portal/project-page";
import { getHistory } from "@/lib/reviews/service";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewTabPage({ params }: { params: Promise<{ slug: string }> }) {
  const { actor, project, access } = await loadManagePage((await params).slug);
  if (!access.permissions.has("project.view")) return <NoAccess what="see its review" />;
  const history = await getHistory(actor, project.id);
  return (
    <Card title="Review and publication" description="The platform team reviews every project before it is published: completeness, quality, guidelines and security.">
      <ReviewPanel target={{ projectId: project.id, slug: project.slug }} history={history} action={changeStatusAction} />
    </Card>
  );
}
