import type { Metadata } from "next";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { requirePortalActor } from "@/lib/auth/portal";
import { MAX_ATTEMPTS, smtpUrl } from "@/lib/mail/delivery";
import { listOutbox } from "@/lib/mail/outbox";
import { hasPlatformPermission } from "@/lib/permissions";

export const metadata: Metadata = { title: "Outbox" };

/** Every queued mail with its delivery state (mail.readOutbox: Project lead, Developer). */
export default async function OutboxPage() {
  const actor = await requirePortalActor("/admin/outbox");
  if (!hasPlatformPermission(actor, "mail.readOutbox")) return <Notice tone="info">The outbox is for the platform team.</Notice>;
  const mails = await listOutbox(actor);
  return (
    <div>
      <PageHeader
        title="Outbox"
        description={
          smtpUrl()
            ? "Mail the platform has queued and its delivery over SMTP. Failed sends are retried with growing pauses."
            : "Mail the platform has queued. No mail server (SMTP_URL) is set: it is delivered from here by hand."
        }
      />
      {mails.length === 0 ? (
        <EmptyState title="The outbox is empty" />
      ) : (
        <ul className="space-y-4" aria-label="Mails">
          {mails.map((mail) => (
            <li key={mail.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="font-semibold">{mail.subject}</p>
              <p className="text-xs text-slate-500">
                To {mail.to} · {mail.createdAt.toLocaleString("en")} · <DeliveryState mail={mail} />
              </p>
              <pre className="mt-2 whitespace-pre-wrap font-sans text-sm text-slate-700">{mail.body}</pre>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DeliveryState({ mail }: { mail: { sentAt: Date | null; failedAt: Date | null; attempts: number; nextAttemptAt: Date; lastError: string | null } }) {
  if (mail.sentAt) return <span className="text-emerald-700">sent {mail.sentAt.toLocaleString("en")}</span>;
  if (mail.failedAt) return <span className="text-red-700">delivery failed after {mail.attempts} tries: {mail.lastError}</span>;
  if (mail.attempts > 0) {
    return (
      <span className="text-amber-700">
        try {mail.attempts} of {MAX_ATTEMPTS} failed ({mail.lastError}); next try {mail.nextAttemptAt.toLocaleString("en")}
      </span>
    );
  }
  return <span>{smtpUrl() ? "waiting to be sent" : "not sent (no SMTP)"}</span>;
}
