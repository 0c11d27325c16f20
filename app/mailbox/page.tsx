import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { LinkedText } from "@/components/notifications/linked-text";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { requirePortalActor } from "@/lib/auth/portal";
import { mailFor } from "@/lib/mail/outbox";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notifications.mailbox");
  return { title: t("title") };
}

/** The platform's mails to your confirmed address, shown here until mail delivery over SMTP exists. */
export default async function MailboxPage() {
  const actor = await requirePortalActor("/mailbox");
  const [mails, t, format] = await Promise.all([mailFor(actor.userId), getTranslations("notifications.mailbox"), getFormatter()]);
  return (
    <div>
      <PageHeader title={t("title")} description={t("description")} />
      {mails.length === 0 ? (
        <EmptyState title={t("empty")} />
      ) : (
        <ul className="space-y-4" aria-label={t("listLabel")}>
          {mails.map((mail) => (
            <li key={mail.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <h2 className="break-words font-semibold">{mail.subject}</h2>
              <p className="break-all text-xs text-slate-500">{t("meta", { to: mail.to, date: format.dateTime(mail.createdAt, "dateTime") })}</p>
              <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-700">
                <LinkedText text={mail.body} copyLabel={t("copyLink")} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
