import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { auditQuerySchema } from "@/lib/audit/schemas";
import { listAudit } from "@/lib/audit/service";
import { requirePortalActor } from "@/lib/auth/portal";
import { hasPlatformPermission } from "@/lib/permissions";

export const metadata: Metadata = { title: "Audit log" };
const FILTERS = ["action", "actorId", "targetType", "targetId", "projectId", "cursor"];

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePortalActor("/admin/audit");
  if (!hasPlatformPermission(actor, "audit.read")) return <Notice tone="info">The audit log is for the platform team.</Notice>;
  const raw = Object.fromEntries(Object.entries(await searchParams).filter((entry): entry is [string, string] => FILTERS.includes(entry[0]) && typeof entry[1] === "string" && entry[1] !== ""));
  const parsed = auditQuerySchema.safeParse(raw);
  const page = await listAudit(actor, parsed.success ? parsed.data : auditQuerySchema.parse({}));
  const input = "w-full rounded-md px-3 py-2 text-sm ring-1 ring-slate-300";
  return (
    <div>
      <PageHeader title="Audit log" description="Every change, who made it, from where, with the fields before and after." />
      <form role="search" aria-label="Audit log" action="/admin/audit" className="mb-6 grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-4">
        {[["action", "Action starts with"], ["actorId", "Actor id"], ["targetId", "Target id"], ["projectId", "Project id"]].map(([name, label]) => (
          <label key={name}>
            <span className="mb-1 block text-xs font-medium text-slate-600">{label}</span>
            <input name={name} defaultValue={raw[name] ?? ""} className={input} />
          </label>
        ))}
        <div className="sm:col-span-4 flex justify-end">
          <button type="submit" className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">Filter</button>
        </div>
      </form>
      {!parsed.success && <Notice tone="error">Some filters were not valid and were ignored.</Notice>}
      {page.data.length === 0 ? (
        <EmptyState title="No entries" />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg bg-white text-sm shadow-sm ring-1 ring-slate-200" aria-label="Audit entries">
          {page.data.map((entry) => (
            <li key={entry.id} className="p-3">
              <p>
                <time className="text-slate-500">{new Date(entry.at).toLocaleString("en")}</time> <strong>{entry.action}</strong> on {entry.targetType} <code className="text-xs">{entry.targetId}</code> by {entry.actor?.displayName ?? "the system"} ({entry.via.toLowerCase()})
                {entry.ip ? ` from ${entry.ip}` : ""}
              </p>
              {Object.keys(entry.changes).length > 0 && (
                <ul className="mt-1 text-xs text-slate-600">
                  {Object.entries(entry.changes).map(([field, change]) => (
                    <li key={field}><code>{field}</code>: {JSON.stringify(change.before)} → {JSON.stringify(change.after)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {page.nextCursor && (
        <p className="mt-4 text-right">
          <Link href={`/admin/audit?${new URLSearchParams({ ...raw, cursor: page.nextCursor })}`} className="text-sm font-semibold text-indigo-600">Older entries →</Link>
        </p>
      )}
    </div>
  );
}
