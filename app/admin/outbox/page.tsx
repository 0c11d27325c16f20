import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { Denied } from "@/components/admin/denied";
import { requirePortalActor } from "@/lib/auth/portal";
import { MAIL_SECRET, MAX_ATTEMPTS, smtpUrl } from "@/lib/mail/delivery";
import { listOutbox } from "@/lib/mail/outbox";
import { hasPlatformPermission } from "@/lib/permissions";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("admin.outbox.title");

type Translate = Awaited<ReturnType<typeof getTranslations<"admin.outbox">>>;

/** Every queued mail with its delivery state (mail.readOutbox: Project lead); secret links never show. */
export default async function OutboxPage() {
  const actor = await requirePortalActor("/admin/outbox");
  const t = await getTranslations("admin.outbox");
  if (!hasPlatformPermission(actor, "mail.readOutbox")) return <Denied title={t("title")} text={t("staffOnly")} />;
  const mails = await listOutbox(actor);
  return (
    <div>
      <PageHeader title={t("title")} description={smtpUrl() ? t("descriptionSmtp") : t("descriptionManual")} />
      {mails.length === 0 ? (
        <EmptyState title={t("empty")} />
      ) : (
        <ul className="space-y-4" aria-label={t("listLabel")}>
          {mails.map((mail) => (
            <li key={mail.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="break-words font-semibold">{mail.subject}</p>
              <p className="break-words text-xs text-slate-600">
                {t("to", { to: mail.to })} · <LocalTime at={mail.createdAt} /> · <DeliveryState mail={mail} t={t} />
              </p>
              {/* Mail bodies hold long links: they wrap anywhere rather than widen the page. */}
              <pre className="mt-2 whitespace-pre-wrap break-all font-sans text-sm text-slate-700">
                {mail.body.replaceAll(MAIL_SECRET, t("withheld"))}
              </pre>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DeliveryState({
  mail,
  t,
}: {
  mail: { sentAt: Date | null; failedAt: Date | null; attempts: number; nextAttemptAt: Date; lastError: string | null };
  t: Translate;
}) {
  if (mail.sentAt) return <span className="text-emerald-700">{t.rich("sent", { time: () => <LocalTime at={mail.sentAt!} /> })}</span>;
  if (mail.failedAt) return <span className="text-red-700">{t("failed", { attempts: mail.attempts, error: mail.lastError ?? "" })}</span>;
  if (mail.attempts > 0) {
    return (
      <span className="text-amber-800">
        {t.rich("retrying", {
          attempts: mail.attempts,
          max: MAX_ATTEMPTS,
          error: mail.lastError ?? "",
          time: () => <LocalTime at={mail.nextAttemptAt} />,
        })}
      </span>
    );
  }
  return <span>{t("waiting")}</span>;
}
