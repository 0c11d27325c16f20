import { getTranslations } from "next-intl/server";
import { updateNotificationSettingsAction } from "@/app/account/actions";
import { NotificationSettingsForm } from "@/components/account/notification-settings-form";
import { CardPage } from "@/components/ui/card";
import { requirePortalActor } from "@/lib/auth/portal";
import { getNotificationSettings } from "@/lib/notifications/preferences";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("account.notifications.title");

export default async function AccountNotificationsPage() {
  const actor = await requirePortalActor("/account/notifications");
  const [settings, t] = await Promise.all([getNotificationSettings(actor), getTranslations("account.notifications")]);
  return (
    <CardPage title={t("title")} description={t("description")}>
      <NotificationSettingsForm initial={settings} action={updateNotificationSettingsAction} />
    </CardPage>
  );
}
