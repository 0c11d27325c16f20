import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { AuditEntry } from "@/components/audit/audit-entry";
import { AuditPicker } from "@/components/audit/audit-picker";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { DateField } from "@/components/ui/date-field";
import { controlClass } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { PhoneFold } from "@/components/ui/phone-fold";
import { Denied } from "@/components/admin/denied";
import { NextPageLink } from "@/components/admin/next-page-link";
import { loadAuditNames } from "@/lib/audit/names";
import { auditQuerySchema } from "@/lib/audit/schemas";
import { auditActionsByArea, auditSentence } from "@/lib/audit/sentence";
import { listAudit } from "@/lib/audit/service";
import { requirePortalActor } from "@/lib/auth/portal";
import { translateServerMessage } from "@/lib/i18n/server-messages";
import { validationErrorMap } from "@/lib/i18n/validation-messages";
import { auditVisibility, hasPlatformPermission } from "@/lib/permissions";
import { searchAuditProjectsAction, searchAuditUsersAction } from "./actions";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("admin.audit.title");

const FILTERS = ["action", "actorId", "projectId", "from", "to", "cursor"];

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePortalActor("/admin/audit");
  const [t, tv, locale] = await Promise.all([getTranslations("admin.audit"), getTranslations("common.validation"), getLocale()]);
  if (!hasPlatformPermission(actor, "audit.read")) return <Denied title={t("title")} text={t("staffOnly")} />;
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter(
      (entry): entry is [string, string] => FILTERS.includes(entry[0]) && typeof entry[1] === "string" && entry[1] !== "",
    ),
  );
  const parsed = auditQuerySchema.safeParse(raw, { error: validationErrorMap((key, values) => tv(key, values)) });
  const query = parsed.success ? parsed.data : auditQuerySchema.parse({});
  const page = await listAudit(actor, query);
  const names = await loadAuditNames(page.data, {
    userIds: query.actorId ? [query.actorId] : [],
    projectIds: query.projectId ? [query.projectId] : [],
  });
  const pickedUser = query.actorId ? names.users.get(query.actorId) : undefined;
  const pickedProject = query.projectId ? names.projects.get(query.projectId) : undefined;
  const areas = auditActionsByArea().filter(({ area }) => area !== "warning" || auditVisibility(actor).warnings);
  const canOpenUsers = hasPlatformPermission(actor, "users.readAny");
  const label = "mb-1.5 block text-sm font-medium text-slate-900";
  const pickers = [
    {
      name: "actorId",
      label: t("user"),
      hint: t("userHint"),
      initial:
        pickedUser && query.actorId ? { value: query.actorId, label: pickedUser.displayName, detail: `@${pickedUser.username}` } : null,
      search: searchAuditUsersAction,
    },
    {
      name: "projectId",
      label: t("project"),
      hint: t("projectHint"),
      initial: pickedProject && query.projectId ? { value: query.projectId, label: pickedProject.name, detail: pickedProject.slug } : null,
      search: searchAuditProjectsAction,
    },
  ];
  return (
    <div>
      <PageHeader title={t("title")} description={t("description")} />
      <search aria-label={t("searchLabel")} className="mb-6 block">
        <PhoneFold look="panel" summary={t("filters")}>
          {/* Keyed by the filters: after a navigation (Clear filters) the fields start from the new ones. */}
          <form key={new URLSearchParams(raw).toString()} action="/admin/audit" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {pickers.map((picker) => (
              <AuditPicker key={picker.name} {...picker} listLabel={picker.label} />
            ))}
            {/* Two columns (from 640 px): the action on a row of its own, so that the dates share the next. */}
            <div className="sm:col-span-2 lg:col-span-1">
              <label htmlFor="audit-action" className={label}>
                {t("action")}
              </label>
              <select id="audit-action" name="action" defaultValue={query.action ?? ""} className={controlClass()}>
                <option value="">{t("anyAction")}</option>
                {areas.map(({ area, actions }) => (
                  <optgroup key={area} label={t(`areas.${area}`)}>
                    <option value={`${area}.`}>{t("wholeArea", { area: t(`areas.${area}`) })}</option>
                    {actions.map((action) => (
                      <option key={action} value={action}>
                        {t(`actions.${action}` as never)}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
            {(["from", "to"] as const).map((bound) => (
              <DateField
                key={bound}
                name={bound}
                label={t(bound)}
                defaultValue={query[bound]?.slice(0, 10) ?? ""}
                describedBy="audit-range-hint"
              />
            ))}
            {/* Under the two dates it explains: after the buttons on a wide screen (beside the dates), before them on a phone. */}
            <p id="audit-range-hint" className="-mt-2 text-xs text-slate-500 sm:col-span-2 lg:order-last">
              {t("rangeHint")}
            </p>
            <div className="flex items-end justify-end gap-3 sm:col-span-2 lg:col-span-1">
              <Link
                href="/admin/audit"
                className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
              >
                {t("clear")}
              </Link>
              <button type="submit" className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
                {t("filter")}
              </button>
            </div>
          </form>
        </PhoneFold>
      </search>
      {!parsed.success && (
        <div className="mb-4">
          <Notice tone="error">
            {t("invalidFilters")}{" "}
            {[...new Set(parsed.error.issues.map((issue) => translateServerMessage(issue.message, locale)))].join(" ")}
          </Notice>
        </div>
      )}
      {page.data.length === 0 ? (
        <EmptyState title={t("empty")} />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg bg-white shadow-sm ring-1 ring-slate-200" aria-label={t("listLabel")}>
          {page.data.map((entry) => (
            <AuditEntry key={entry.id} sentence={auditSentence(entry, names)} at={entry.at} ip={entry.ip} canOpenUsers={canOpenUsers} />
          ))}
        </ul>
      )}
      <NextPageLink path="/admin/audit" query={raw} cursor={page.nextCursor}>
        {t("older")}
      </NextPageLink>
    </div>
  );
}
