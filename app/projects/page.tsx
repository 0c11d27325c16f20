import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState, ProjectCard } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { getPortalActor } from "@/lib/auth/portal";
import { AppError } from "@/lib/errors";
import { isPubliclyReadable } from "@/lib/permissions";
import { listProjectsQuerySchema } from "@/lib/projects/schemas";
import { listProjects } from "@/lib/projects/service";

export const metadata: Metadata = { title: "Projects" };

const SORTS = { newest: "Newest first", oldest: "Oldest first", name: "Name" } as const;
const FILTERS = ["q", "game", "category", "sort", "cursor"];
const INPUT = "w-full rounded-md px-3 py-2 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-600";

export default async function DirectoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter((entry): entry is [string, string] => FILTERS.includes(entry[0]) && typeof entry[1] === "string" && entry[1] !== ""),
  );
  const parsed = listProjectsQuerySchema.safeParse({ ...raw, limit: "12" });
  const query = parsed.success ? parsed.data : listProjectsQuerySchema.parse({ limit: "12" });
  let page: Awaited<ReturnType<typeof listProjects>> = { data: [], nextCursor: null };
  let problem: string | null = parsed.success ? null : "Some filters were not valid and were ignored.";
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
      <PageHeader title="Projects" description="Community and software projects of the platform." />
      <form role="search" aria-label="Projects" className="mb-6 grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-5" action="/projects">
        <label className="sm:col-span-2">
          <span className="mb-1 block text-xs font-medium text-slate-600">Search</span>
          <input name="q" defaultValue={query.q ?? ""} placeholder="Name or description" className={INPUT} />
        </label>
        <label>
          <span className="mb-1 block text-xs font-medium text-slate-600">Game</span>
          <input name="game" defaultValue={query.game ?? ""} className={INPUT} />
        </label>
        <label>
          <span className="mb-1 block text-xs font-medium text-slate-600">Category</span>
          <input name="category" defaultValue={query.category ?? ""} className={INPUT} />
        </label>
        <div className="flex items-end gap-2">
          <label className="flex-1">
            <span className="mb-1 block text-xs font-medium text-slate-600">Sort</span>
            <select name="sort" defaultValue={query.sort} className="w-full rounded-md px-2 py-2 text-sm ring-1 ring-slate-300">
              {Object.entries(SORTS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
            Search
          </button>
        </div>
      </form>
      {problem && (
        <div className="mb-4">
          <Notice tone="error">{problem}</Notice>
        </div>
      )}
      {page.data.length === 0 ? (
        <EmptyState title="No projects found">
          {Object.keys(raw).length ? (
            <Link className="text-indigo-600 underline" href="/projects">
              Clear the filters
            </Link>
          ) : (
            "Published projects appear here."
          )}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Project list">
          {page.data.map((project) => (
            <ProjectCard key={project.id} project={project} showState={project.status !== "PUBLISHED"} signInFirst={!actor && !isPubliclyReadable(project, { signedIn: false })} />
          ))}
        </ul>
      )}
      <nav aria-label="Pages" className="mt-6 flex justify-between">
        {raw.cursor ? (
          <Link href={`/projects?${new URLSearchParams(withoutCursor)}`} className="text-sm font-semibold text-indigo-600">
            ← First page
          </Link>
        ) : (
          <span />
        )}
        {page.nextCursor && (
          <Link href={`/projects?${new URLSearchParams({ ...withoutCursor, cursor: page.nextCursor })}`} className="text-sm font-semibold text-indigo-600">
            Next page →
          </Link>
        )}
      </nav>
    </div>
  );
}
