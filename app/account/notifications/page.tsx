import { getTranslations } from "next-intl/server";
import { updateNotificationSettingsAction } from "@/app/account/actions";
import { NotificationSettingsForm } from "@/components/account/notification-settings-form";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePortalActor } from "@/lib/auth/portal";
import { getNotificationSettings } from "@/lib/notifications/preferences";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("account.notifications.title");

export default async function AccountNotificationsPage() {
  const actor = await requirePortalActor("/account/notifications");
  const [settings, t] = await Promise.all([getNotificationSettings(actor), getTranslations("account.notifications")]);
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <NotificationSettingsForm initial={settings} action={updateNotificationSettingsAction} />
      </Card>
    </div>
  );
}
