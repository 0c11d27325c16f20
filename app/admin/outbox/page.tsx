import type { Metadata } from "next";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { requirePortalActor } from "@/lib/auth/portal";
import { listOutbox } from "@/lib/mail/outbox";
import { hasPlatformPermission } from "@/lib/permissions";

export const metadata: Metadata = { title: "Outbox" };

/** Every queued mail, for installations without SMTP (mail.readOutbox: Project lead, Developer). */
export default async function OutboxPage() {
  const actor = await requirePortalActor("/admin/outbox");
  if (!hasPlatformPermission(actor, "mail.readOutbox")) return <Notice tone="info">The outbox is for the platform team.</Notice>;
  const mails = await listOutbox(actor);
  return (
    <div>
      <PageHeader title="Outbox" description="Mail the platform has queued. Without a mail server (SMTP) it is delivered from here by hand." />
      {mails.length === 0 ? (
        <EmptyState title="The outbox is empty" />
      ) : (
        <ul className="space-y-4" aria-label="Mails">
          {mails.map((mail) => (
            <li key={mail.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="font-semibold">{mail.subject}</p>
              <p className="text-xs text-slate-500">
                To {mail.to} · {mail.createdAt.toLocaleString("en")}
              </p>
              <pre className="mt-2 whitespace-pre-wrap font-sans text-sm text-slate-700">{mail.body}</pre>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
