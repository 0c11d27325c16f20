import { handle, otherMethods } from "@/lib/http/route";
import { markNotificationsRead } from "@/lib/notifications/service";
import { readNotificationsOperation } from "@/lib/notifications/operations";

export const POST = handle(readNotificationsOperation, async ({ actor, body }) => ({
  body: { marked: await markNotificationsRead(actor, body.ids) },
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(readNotificationsOperation.path);
