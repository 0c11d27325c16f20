import { handle, otherMethods } from "@/lib/http/route";
import { getNotificationSettingsOperation, updateNotificationSettingsOperation } from "@/lib/notifications/operations";
import { getNotificationSettings, updateNotificationSettings } from "@/lib/notifications/preferences";

export const GET = handle(getNotificationSettingsOperation, async ({ actor }) => ({ body: await getNotificationSettings(actor) }));

export const PUT = handle(updateNotificationSettingsOperation, async ({ actor, body, meta }) => ({
  body: await updateNotificationSettings(actor, body, meta),
}));

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods(getNotificationSettingsOperation.path);
