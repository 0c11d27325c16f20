import { getTranslations } from "next-intl/server";
import { MessageManager } from "@/components/messages/message-manager";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { Card } from "@/components/ui/card";
import { listMessages } from "@/lib/messages/service";
import { previewMarkdownAction } from "@/app/projects/[slug]/manage/pages/actions";
import { deleteMessageAction, postMessageAction, updateMessageAction } from "./actions";

export const generateMetadata = manageTabMetadata("messages");

export default async function MessagesTab(props: ManageTabPageProps) {
  return renderManageTab(props, "messages", async ({ actor, project }) => {
    const [messages, t] = await Promise.all([listMessages(actor, project.id, { limit: 100 }), getTranslations("manage.messages")]);
    return (
      <Card title={t("title")} description={t("description")}>
        <MessageManager
          target={{ projectId: project.id, slug: project.slug }}
          messages={messages.data}
          actions={{ post: postMessageAction, update: updateMessageAction, remove: deleteMessageAction, preview: previewMarkdownAction }}
        />
      </Card>
    );
  });
}
