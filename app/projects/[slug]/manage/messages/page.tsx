import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MessageManager } from "@/components/messages/message-manager";
import { NoAccess } from "@/components/projects/manage/no-access";
import { Card } from "@/components/ui/card";
import { listMessages } from "@/lib/messages/service";
import { loadManagePage } from "@/lib/portal/project-page";
import { moduleEnabled } from "@/lib/projects/access";
import { deleteMessageAction, postMessageAction } from "./actions";

export const metadata: Metadata = { title: "Messages" };

export default async function MessagesTab({ params }: { params: Promise<{ slug: string }> }) {
  const { actor, project, access } = await loadManagePage((await params).slug);
  // The module guard: with MESSAGES off this tab does not exist.
  if (!moduleEnabled(project, "MESSAGES")) notFound();
  if (!actor || !access.permissions.has("messages.manage")) return <NoAccess what="post announcements" />;
  const messages = await listMessages(actor, project.id, { limit: 100 });
  return (
    <Card title="Messages" description="Announcements appear on the project page, newest first, for everyone who can see the project. Members also get a notification.">
      <MessageManager target={{ projectId: project.id, slug: project.slug }} messages={messages.data} actions={{ post: postMessageAction, remove: deleteMessageAction }} />
    </Card>
  );
}
