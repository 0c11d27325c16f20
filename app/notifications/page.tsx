import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { requirePortalActor } from "@/lib/auth/portal";
import { listNotifications } from "@/lib/notifications/service";
import { markAllReadAction } from "./actions";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("notifications.list.title");

/** A plain <form> wants an action without an answer; the page re-renders with everything read. */
async function markAllRead() {
  "use server";
  await markAllReadAction();
}

export default async function NotificationsPage() {
  const actor = await requirePortalActor("/notifications");
  const locale = await getLocale();
  // The page's language, which for a visitor's cookie or browser choice may differ from the account's setting.
  const [notifications, t] = await Promise.all([listNotifications(actor, false, locale), getTranslations("notifications.list")]);
  const unread = notifications.filter((notification) => !notification.read).length;
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title={t("title")} description={unread ? t("unread", { count: unread }) : t("upToDate")} />
        {unread > 0 && (
          <form action={markAllRead}>
            <button type="submit" className="rounded-md bg-white px-3 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50">
              {t("markAllRead")}
            </button>
          </form>
        )}
      </div>
      {notifications.length === 0 ? (
        <EmptyState title={t("empty")}>{t("emptyHint")}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg bg-white shadow-sm ring-1 ring-slate-200" aria-label={t("listLabel")}>
          {notifications.map((notification) => (
            <li key={notification.id} className={`p-4 ${notification.read ? "" : "bg-indigo-50/50"}`}>
              <p className="break-words font-medium">
                {!notification.read && (
                  <span className="mr-2 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold text-indigo-800">{t("new")}</span>
                )}
                {notification.link ? (
                  <Link href={notification.link} className="text-indigo-700 hover:underline">
                    {notification.title}
                  </Link>
                ) : (
                  notification.title
                )}
              </p>
              {notification.body && <p className="mt-1 break-words text-sm text-slate-600">{notification.body}</p>}
              <p className="mt-1 text-xs text-slate-500">
                <LocalTime at={notification.createdAt} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
