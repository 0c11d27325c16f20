import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { MessageManager } from "@/components/messages/message-manager";
import { NoAccess } from "@/components/projects/manage/no-access";
import { Card } from "@/components/ui/card";
import { listMessages } from "@/lib/messages/service";
import { loadManagePage } from "@/lib/portal/project-page";
import { moduleEnabled } from "@/lib/projects/access";
import { deleteMessageAction, postMessageAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.tabs");
  return { title: t("messages") };
}

export default async function MessagesTab({ params }: { params: Promise<{ slug: string }> }) {
  const { actor, project, access } = await loadManagePage((await params).slug);
  // The module guard: with MESSAGES off this tab does not exist.
  if (!moduleEnabled(project, "MESSAGES")) notFound();
  if (!actor || !access.permissions.has("messages.manage")) return <NoAccess what="messages" />;
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
