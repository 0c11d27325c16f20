import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import * as webhookActions from "@/app/webhook-actions";
import { WebhooksSection } from "@/components/webhooks/webhooks-section";

export const generateMetadata = manageTabMetadata("webhooks");

export default async function WebhooksTab(props: ManageTabPageProps) {
  return renderManageTab(props, "webhooks", async ({ actor, project }) => (
    <WebhooksSection actions={webhookActions} actor={actor} target={{ projectId: project.id, slug: project.slug }} />
  ));
}
