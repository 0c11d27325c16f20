import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { Denied } from "@/components/admin/denied";
import { NextPageLink } from "@/components/admin/next-page-link";
import { auditQuerySchema } from "@/lib/audit/schemas";
import { listAudit } from "@/lib/audit/service";
import { requirePortalActor } from "@/lib/auth/portal";
import { hasPlatformPermission } from "@/lib/permissions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.audit");
  return { title: t("title") };
}

const FILTERS = ["action", "actorId", "targetType", "targetId", "projectId", "cursor"];
const VIA = ["SESSION", "TOKEN", "SYSTEM"] as const;

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePortalActor("/admin/audit");
  const [t, format] = await Promise.all([getTranslations("admin.audit"), getFormatter()]);
  if (!hasPlatformPermission(actor, "audit.read")) return <Denied title={t("title")} text={t("staffOnly")} />;
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter(
      (entry): entry is [string, string] => FILTERS.includes(entry[0]) && typeof entry[1] === "string" && entry[1] !== "",
    ),
  );
  const parsed = auditQuerySchema.safeParse(raw);
  const page = await listAudit(actor, parsed.success ? parsed.data : auditQuerySchema.parse({}));
  const input =
    "w-full rounded-md bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600 focus:outline-none";
  const filters = [
    ["action", t("action")],
    ["actorId", t("actorId")],
    ["targetId", t("targetId")],
    ["projectId", t("projectId")],
  ] as const;
  return (
    <div>
      <PageHeader title={t("title")} description={t("description")} />
      <search aria-label={t("searchLabel")}>
        <form action="/admin/audit" className="mb-6 grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-4">
          {filters.map(([name, label]) => (
            <label key={name}>
              <span className="mb-1 block text-xs font-medium text-slate-700">{label}</span>
              <input name={name} defaultValue={raw[name] ?? ""} className={input} />
            </label>
          ))}
          <div className="flex justify-end sm:col-span-4">
            <button type="submit" className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
              {t("filter")}
            </button>
          </div>
        </form>
      </search>
      {!parsed.success && (
        <div className="mb-4">
          <Notice tone="error">{t("invalidFilters")}</Notice>
        </div>
      )}
      {page.data.length === 0 ? (
        <EmptyState title={t("empty")} />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg bg-white text-sm shadow-sm ring-1 ring-slate-200" aria-label={t("listLabel")}>
          {page.data.map((entry) => {
            const via = (VIA as readonly string[]).includes(entry.via) ? t(`via.${entry.via as (typeof VIA)[number]}`) : entry.via;
            return (
              <li key={entry.id} className="break-words p-3">
                <p>
                  <time dateTime={entry.at} className="text-slate-600">
                    {format.dateTime(new Date(entry.at), "dateTime")} UTC
                  </time>{" "}
                  {t.rich("entry", {
                    b: (chunks) => <strong>{chunks}</strong>,
                    id: (chunks) => <code className="break-all text-xs">{chunks}</code>,
                    action: entry.action,
                    targetType: entry.targetType,
                    targetId: entry.targetId,
                    actor: entry.actor?.displayName ?? t("system"),
                    via,
                  })}
                  {entry.ip ? ` ${t("from", { ip: entry.ip })}` : ""}
                </p>
                {Object.keys(entry.changes).length > 0 && (
                  <ul className="mt-1 text-xs text-slate-700">
                    {Object.entries(entry.changes).map(([field, change]) => (
                      <li key={field} className="break-all">
                        <code>{field}</code>: {JSON.stringify(change.before)} → {JSON.stringify(change.after)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <NextPageLink path="/admin/audit" query={raw} cursor={page.nextCursor}>
        {t("older")}
      </NextPageLink>
    </div>
  );
}
