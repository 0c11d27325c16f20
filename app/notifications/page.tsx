import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { requirePortalActor } from "@/lib/auth/portal";
import { listNotifications } from "@/lib/notifications/service";
import { markAllReadAction } from "./actions";

export const metadata: Metadata = { title: "Notifications" };

/** A plain <form> wants an action without an answer; the page re-renders with everything read. */
async function markAllRead() {
  "use server";
  await markAllReadAction();
}

export default async function NotificationsPage() {
  const actor = await requirePortalActor("/notifications");
  const notifications = await listNotifications(actor, false);
  const unread = notifications.filter((notification) => !notification.read).length;
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title="Notifications" description={unread ? `${unread} unread` : "You are up to date."} />
        {unread > 0 && (
          <form action={markAllRead}>
            <button type="submit" className="rounded-md bg-white px-3 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50">
              Mark all read
            </button>
          </form>
        )}
      </div>
      {notifications.length === 0 ? (
        <EmptyState title="No notifications yet">Review outcomes of your projects appear here.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg bg-white shadow-sm ring-1 ring-slate-200" aria-label="Notifications">
          {notifications.map((notification) => (
            <li key={notification.id} className={`p-4 ${notification.read ? "" : "bg-indigo-50/50"}`}>
              <p className="font-medium">
                {!notification.read && <span className="sr-only">Unread: </span>}
                {notification.link ? (
                  <Link href={notification.link} className="text-indigo-700 hover:underline">
                    {notification.title}
                  </Link>
                ) : (
                  notification.title
                )}
              </p>
              {notification.body && <p className="mt-1 text-sm text-slate-600">{notification.body}</p>}
              <p className="mt-1 text-xs text-slate-500">{new Date(notification.createdAt).toLocaleString("en")}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
