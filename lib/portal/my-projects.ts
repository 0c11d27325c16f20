import type { Actor } from "../auth/actor";
import { cachedData } from "../cache/data-cache";
import { db } from "../db/client";
import type { ProjectStatus, ProjectVisibility } from "../permissions";

/** Rows per page of My projects. */
export const MY_PROJECTS_PAGE_SIZE = 50;

/** A team the caller is on, as My projects lists it. */
export interface MyProjectRow {
  project: {
    id: string;
    slug: string;
    name: string;
    game: string;
    category: string;
    status: ProjectStatus;
    visibility: ProjectVisibility;
    logoUrl: string | null;
  };
  role: { key: string | null; name: string };
  since: string;
}

/** `?page=` as a page number: anything but a positive whole number is the first page. */
export function pageNumber(value: string | string[] | undefined): number {
  return typeof value === "string" && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/**
 * One page of My projects, in one statement: the caller's teams, the most recently updated project
 * first, each with the caller's role and since when. Per user and page from the data cache
 * (lib/cache/data-cache.ts): any write empties it.
 */
export function myProjectsPage(actor: Actor, page: number): Promise<{ rows: MyProjectRow[]; hasNext: boolean }> {
  return cachedData(`my-projects:${actor.userId}:${page}`, async () => {
    const members = await db.projectMember.findMany({
      where: { userId: actor.userId, project: { deletedAt: null } },
      select: {
        createdAt: true,
        role: { select: { key: true, name: true } },
        project: {
          select: { id: true, slug: true, name: true, game: true, category: true, status: true, visibility: true, logoUrl: true },
        },
      },
      orderBy: [{ project: { updatedAt: "desc" } }, { projectId: "desc" }],
      skip: (page - 1) * MY_PROJECTS_PAGE_SIZE,
      take: MY_PROJECTS_PAGE_SIZE + 1,
    });
    const rows = members
      .slice(0, MY_PROJECTS_PAGE_SIZE)
      .map(({ createdAt, role, project }) => ({ project, role, since: createdAt.toISOString() }));
    return { rows, hasNext: members.length > MY_PROJECTS_PAGE_SIZE };
  });
}
