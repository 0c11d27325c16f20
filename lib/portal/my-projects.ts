import type { MembershipView } from "../applications/schemas";
import type { Actor } from "../auth/actor";
import { cachedData } from "../cache/data-cache";
import { db } from "../db/client";
import { NEWEST_FIRST } from "../http/pagination";
import { presentProject } from "../projects/present";

/** Project cards on My projects: at most this many (the newest memberships). */
export const MY_PROJECTS_SHOWN = 200;
/** Rows of the "My memberships" list; a link to the rest when there are more. */
export const MY_MEMBERSHIPS_SHOWN = 100;

/**
 * Everything My projects shows, in one statement: the caller's memberships (newest first) with
 * their projects and roles. The cards are the projects most recently updated first; the
 * membership list the newest memberships. Per user, from the data cache (lib/cache/data-cache.ts).
 */
export function myProjectsPage(actor: Actor) {
  return cachedData(`my-projects:${actor.userId}`, async () => {
    const rows = await db.projectMember.findMany({
      where: { userId: actor.userId, project: { deletedAt: null } },
      include: { project: true, role: true },
      orderBy: NEWEST_FIRST,
      take: MY_PROJECTS_SHOWN + 1,
    });
    const projects = rows
      .slice(0, MY_PROJECTS_SHOWN)
      .sort((a, b) => b.project.updatedAt.getTime() - a.project.updatedAt.getTime() || (a.project.id < b.project.id ? 1 : -1))
      .map((row) => ({ project: presentProject(row.project), role: { key: row.role.key, name: row.role.name } }));
    const memberships: MembershipView[] = rows.slice(0, MY_MEMBERSHIPS_SHOWN).map((row) => ({
      project: { id: row.project.id, slug: row.project.slug, name: row.project.name, status: row.project.status, visibility: row.project.visibility, logoUrl: row.project.logoUrl },
      role: { id: row.role.id, key: row.role.key, name: row.role.name, rank: row.role.rank },
      since: row.createdAt.toISOString(),
    }));
    return { projects, memberships, moreMemberships: rows.length > MY_MEMBERSHIPS_SHOWN };
  });
}
