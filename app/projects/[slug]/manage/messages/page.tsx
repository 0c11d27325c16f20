import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MessageManager } from "@/components/messages/message-manager";
import { NoAccess } from "@/components/projects/manage/no-access";
import { Card } from "@/components/ui/card";
import { listMessages } from "@/lib/messages/service";
import { openManageTab } from "@/lib/portal/project-page";
import { deleteMessageAction, postMessageAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.tabs");
  return { title: t("messages") };
}

export default async function MessagesTab({ params }: { params: Promise<{ slug: string }> }) {
  const tab = await openManageTab((await params).slug, "messages");
  if (tab.denied) return <NoAccess what={tab.denied} />;
  const { actor, project } = tab;
  const [messages, t] = await Promise.all([listMessages(actor, project.id, { limit: 100 }), getTranslations("manage.messages")]);
  return (
    <Card title={t("title")} description={t("description")}>
      <MessageManager
        target={{ projectId: project.id, slug: project.slug }}
        messages={messages.data}
        actions={{ post: postMessageAction, remove: deleteMessageAction }}
      />
    </Card>
  );
}
