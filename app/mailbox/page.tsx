import type { Metadata } from "next";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { requirePortalActor } from "@/lib/auth/portal";
import { mailFor } from "@/lib/mail/outbox";

export const metadata: Metadata = { title: "Mailbox" };

/** The platform's mails to your confirmed address, shown here until mail delivery over SMTP exists. */
export default async function MailboxPage() {
  const actor = await requirePortalActor("/mailbox");
  const mails = await mailFor(actor.userId);
  return (
    <div>
      <PageHeader title="Mailbox" description="Mails the platform sends to your confirmed e-mail address appear here. Confirmation links for an address you have not confirmed yet go only to that address." />
      {mails.length === 0 ? (
        <EmptyState title="No mail for you" />
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
