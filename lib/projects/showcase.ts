import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { presentProject } from "./present";
import type { ProjectView } from "./schemas";

/**
 * The home page's two shelves (docs/projects.md, "Home page"). Both show only what everyone may see
 * in the directory, whoever looks: published projects, never deleted ones.
 *
 * - Featured: PUBLIC projects, those downloaded most (all their files together) first, then those with
 *   the larger team, then the most recently published. Downloads count only while the DOWNLOADS
 *   module is on (DESIGN §4: a module that is off has no effect). There is no staff-set flag.
 * - Recently published: PUBLIC and APPLICATION_ONLY projects (both are listed), newest publication first,
 *   leaving out those the featured shelf shows (`exclude`), so no project is on the page twice.
 */
const FEATURABLE: Prisma.ProjectWhereInput = { deletedAt: null, status: "PUBLISHED", visibility: "PUBLIC" };
const RECENT: Prisma.ProjectWhereInput = { deletedAt: null, status: "PUBLISHED", visibility: { in: ["PUBLIC", "APPLICATION_ONLY"] } };

export async function featuredProjects(limit = 3): Promise<ProjectView[]> {
  const downloaded = await db.download.groupBy({
    by: ["projectId"],
    where: { downloadCount: { gt: 0 }, project: { ...FEATURABLE, modules: { has: "DOWNLOADS" } } },
    _sum: { downloadCount: true },
    orderBy: [{ _sum: { downloadCount: "desc" } }, { projectId: "asc" }],
    take: limit,
  });
  const ids = downloaded.map((row) => row.projectId);
  const [top, rest] = await Promise.all([
    ids.length ? db.project.findMany({ where: { ...FEATURABLE, id: { in: ids } } }) : [],
    ids.length < limit
      ? db.project.findMany({
          where: { ...FEATURABLE, id: { notIn: ids } },
          orderBy: [{ members: { _count: "desc" } }, { publishedAt: { sort: "desc", nulls: "last" } }, { id: "asc" }],
          take: limit - ids.length,
        })
      : [],
  ]);
  const byId = new Map(top.map((project) => [project.id, project]));
  return [...ids.flatMap((id) => byId.get(id) ?? []), ...rest].map((project) => presentProject(project));
}

export async function recentlyPublishedProjects(limit = 6, exclude: readonly string[] = []): Promise<ProjectView[]> {
  const rows = await db.project.findMany({
    where: exclude.length ? { ...RECENT, id: { notIn: [...exclude] } } : RECENT,
    orderBy: [{ publishedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map((project) => presentProject(project));
}

/**
 * The projects a person is on that the directory lists to everyone (published or archived, PUBLIC
 * or APPLICATION_ONLY, not deleted), newest publication first: their public page. Their role on
 * those teams is not shown; the team list says it to whoever may see the team.
 */
export async function listedProjectsOf(userId: string, limit = 50): Promise<ProjectView[]> {
  const rows = await db.project.findMany({
    where: {
      deletedAt: null,
      status: { in: ["PUBLISHED", "ARCHIVED"] },
      visibility: { in: ["PUBLIC", "APPLICATION_ONLY"] },
      members: { some: { userId } },
    },
    orderBy: [{ publishedAt: { sort: "desc", nulls: "last" } }, { id: "asc" }],
    take: limit,
  });
  return rows.map((project) => presentProject(project));
}
