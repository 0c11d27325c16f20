import { db } from "../db/client";
import { NotFound } from "../errors";
import { presentProject } from "../projects/present";
import { presentPublicProfile } from "./present";

/**
 * A person's public page (/users/<username>): what everyone may see of them (name, picture, the
 * birth date where they show it) and the projects they are on that the directory lists to
 * everyone (published or archived, PUBLIC or APPLICATION_ONLY, not deleted). Their role on those
 * teams is not shown: the team list says it to whoever may see the team.
 */
export async function publicProfilePage(username: string) {
  const user = await db.user.findUnique({ where: { usernameKey: username.toLowerCase() } });
  if (!user || user.deletedAt) throw new NotFound("user");
  const projects = await db.project.findMany({
    where: {
      deletedAt: null,
      status: { in: ["PUBLISHED", "ARCHIVED"] },
      visibility: { in: ["PUBLIC", "APPLICATION_ONLY"] },
      members: { some: { userId: user.id } },
    },
    orderBy: [{ publishedAt: { sort: "desc", nulls: "last" } }, { id: "asc" }],
    take: 50,
  });
  return { profile: presentPublicProfile(user), memberSince: user.createdAt, projects: projects.map((project) => presentProject(project)) };
}
