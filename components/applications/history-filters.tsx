import Link from "next/link";
import { useTranslations } from "next-intl";
import { HISTORY_OUTCOMES, HISTORY_PAGE, type HistoryQuery } from "@/lib/applications/schemas";

const CONTROL =
  "w-full rounded-md bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600 focus:outline-none";

/** The history's address with these filters (the defaults left out). */
function historyHref(path: string, query: HistoryQuery) {
  const params = new URLSearchParams();
  if (query.outcome) params.set("outcome", query.outcome);
  if (query.q) params.set("q", query.q);
  if (query.shown > HISTORY_PAGE) params.set("shown", String(query.shown));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The history's filters: an outcome and a search by the applicant's name, sent as the address's
 * query (a plain GET form, as the users page has), so the server narrows the list and the address
 * can be shared or reloaded.
 */
export function HistoryFilters({ path, query }: { path: string; query: HistoryQuery }) {
  const t = useTranslations("manage.applications");
  return (
    <search aria-label={t("history")}>
      <form action={path} className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <label>
          <span className="mb-1 block text-xs font-medium text-slate-700">{t("filterLabel")}</span>
          <select name="outcome" defaultValue={query.outcome ?? ""} className={CONTROL}>
            <option value="">{t("outcomeAll")}</option>
            {HISTORY_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {t(`outcome${outcome}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="sm:flex-1">
          <span className="mb-1 block text-xs font-medium text-slate-700">{t("search")}</span>
          <input name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} className={CONTROL} />
        </label>
        <button type="submit" className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
          {t("searchButton")}
        </button>
        {(query.q || query.outcome) && (
          <Link href={path} className="py-2 text-sm font-medium text-indigo-700 hover:underline">
            {t("clearSearch")}
          </Link>
        )}
      </form>
    </search>
  );
}

/** "20 of 57" and a link that shows the next page's worth too (the same filters, `shown` raised). */
export function HistoryMore({ path, query, shown, total }: { path: string; query: HistoryQuery; shown: number; total: number }) {
  const t = useTranslations("manage.applications");
  if (total === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <span data-testid="history-count">{t("shownOf", { shown, total })}</span>
      {shown < total && (
        <Link
          href={historyHref(path, { ...query, shown: query.shown + HISTORY_PAGE })}
          scroll={false}
          className="font-medium text-indigo-700 hover:underline"
        >
          {t("showMore")}
        </Link>
      )}
    </div>
  );
}
