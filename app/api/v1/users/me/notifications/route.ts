import { handle, otherMethods } from "@/lib/http/route";
import { listNotifications } from "@/lib/notifications/service";
import { notificationsOperation } from "@/lib/notifications/operations";

export const GET = handle(notificationsOperation, async ({ actor, query }) => ({
  body: { data: await listNotifications(actor, query.unread ?? false) },
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(notificationsOperation.path);
