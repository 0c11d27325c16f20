import { handle, otherMethods } from "@/lib/http/route";
import { localeOfSetting } from "@/lib/i18n/locales";
import { listNotifications } from "@/lib/notifications/service";
import { notificationsOperation } from "@/lib/notifications/operations";

// An account that follows the browser reads them in the request's Accept-Language.
export const GET = handle(notificationsOperation, async ({ actor, query, request }) => ({
  body: {
    data: await listNotifications(actor, query.unread ?? false, localeOfSetting(actor.language, request.headers.get("accept-language"))),
  },
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(notificationsOperation.path);
