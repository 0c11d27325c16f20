import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { cardData, EmptyState } from "@/components/projects/project-card";
import { ProjectGrid } from "@/components/projects/project-grid";
import { PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { getPortalActor } from "@/lib/auth/portal";
import { AppError } from "@/lib/errors";
import { isPubliclyReadable } from "@/lib/permissions";
import { listProjectsQuerySchema } from "@/lib/projects/schemas";
import { listProjects } from "@/lib/projects/service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("projects.directory");
  return { title: t("title") };
}

const SORTS = ["newest", "oldest", "name"] as const;
const FILTERS = ["q", "game", "category", "sort", "cursor"];
const INPUT = "w-full rounded-md px-3 py-2 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-600";

export default async function DirectoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter(
      (entry): entry is [string, string] => FILTERS.includes(entry[0]) && typeof entry[1] === "string" && entry[1] !== "",
    ),
  );
  const t = await getTranslations("projects.directory");
  const parsed = listProjectsQuerySchema.safeParse({ ...raw, limit: "12" });
  const query = parsed.success ? parsed.data : listProjectsQuerySchema.parse({ limit: "12" });
  let page: Awaited<ReturnType<typeof listProjects>> = { data: [], nextCursor: null };
  let problem: string | null = parsed.success ? null : t("invalidFilters");
  const actor = await getPortalActor();
  try {
    page = await listProjects(actor, query);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problem = error.message;
  }
  const withoutCursor = Object.fromEntries(Object.entries(raw).filter(([key]) => key !== "cursor"));
  return (
    <div>
      <PageHeader title={t("title")} description={t("description")} />
      <search aria-label={t("searchLabel")}>
        <form className="mb-6 grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-5" action="/projects">
          <label className="sm:col-span-2">
            <span className="mb-1 block text-xs font-medium text-slate-600">{t("search")}</span>
            <input name="q" type="search" defaultValue={query.q ?? ""} placeholder={t("searchPlaceholder")} className={INPUT} />
          </label>
          <label>
            <span className="mb-1 block text-xs font-medium text-slate-600">{t("game")}</span>
            <input name="game" defaultValue={query.game ?? ""} className={INPUT} />
          </label>
          <label>
            <span className="mb-1 block text-xs font-medium text-slate-600">{t("category")}</span>
            <input name="category" defaultValue={query.category ?? ""} className={INPUT} />
          </label>
          <div className="flex items-end gap-2">
            <label className="flex-1">
              <span className="mb-1 block text-xs font-medium text-slate-600">{t("sort")}</span>
              <select
                name="sort"
                defaultValue={query.sort}
                className="w-full rounded-md bg-white px-2 py-2 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-600"
              >
                {SORTS.map((value) => (
                  <option key={value} value={value}>
                    {t(`sorts.${value}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
              {t("submit")}
            </button>
          </div>
        </form>
      </search>
      {problem && (
        <div className="mb-4">
          <Notice tone="error">{problem}</Notice>
        </div>
      )}
      {page.data.length === 0 ? (
        <EmptyState title={t("empty")}>
          {Object.keys(raw).length ? (
            <Link className="text-indigo-600 underline" href="/projects">
              {t("clearFilters")}
            </Link>
          ) : (
            t("emptyText")
          )}
        </EmptyState>
      ) : (
        <>
          <h2 className="sr-only">{t("results")}</h2>
          <ProjectGrid
            label={t("results")}
            entries={page.data.map((project) => ({
              project: cardData(project),
              showState: project.status !== "PUBLISHED",
              signInFirst: !actor && !isPubliclyReadable(project, { signedIn: false }),
            }))}
          />
        </>
      )}
      <nav aria-label={t("pagination")} className="mt-6 flex justify-between">
        {raw.cursor ? (
          <Link href={`/projects?${new URLSearchParams(withoutCursor)}`} className="text-sm font-semibold text-indigo-600">
            ← {t("firstPage")}
          </Link>
        ) : (
          <span />
        )}
        {page.nextCursor && (
          <Link
            href={`/projects?${new URLSearchParams({ ...withoutCursor, cursor: page.nextCursor })}`}
            className="text-sm font-semibold text-indigo-600"
          >
            {t("nextPage")} →
          </Link>
        )}
      </nav>
    </div>
  );
}
