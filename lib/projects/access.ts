import type { Actor } from "../auth/actor";
import { cachedData } from "../cache/data-cache";
import { db, type Tx } from "../db/client";
import type { Project, ProjectMember, ProjectRole } from "../db/generated/client";
import { Forbidden, NotFound } from "../errors";
import { projectAccess, type ProjectAccess, type ProjectPermission } from "../permissions";
import type { ProjectModuleName } from "./schemas";

export interface ProjectContext {
  project: Project;
  membership: (ProjectMember & { role: ProjectRole }) | null;
  access: ProjectAccess;
}

/**
 * The project as the caller may see it, in one query with the caller's membership.
 * Deleted projects and projects the caller cannot see are NotFound: 404, never 403.
 */
export async function loadProject(actor: Actor | null, projectId: string, client: Tx | typeof db = db): Promise<ProjectContext> {
  const read = (from: Tx | typeof db) =>
    from.project.findUnique({
      where: { id: projectId },
      include: actor ? { members: { where: { userId: actor.userId }, include: { role: true } } } : undefined,
    });
  let project: Awaited<ReturnType<typeof read>>;
  if (client !== db) {
    await lockProject(client, projectId);
    project = await read(client);
  } else {
    // Outside a transaction the row and the caller's membership may come from the data cache
    // (lib/cache/data-cache.ts, emptied by every committed write); the access rules below run on
    // every request with the current caller.
    project = await cachedData(`project:${projectId}:${actor?.userId ?? ""}`, () => read(db));
  }
  if (!project || project.deletedAt) throw new NotFound("project");
  const { members, ...row } = project as Project & { members?: (ProjectMember & { role: ProjectRole })[] };
  const membership = members?.[0] ?? null;
  const access = projectAccess(actor, membership?.role ?? null, row);
  if (!access.visible) throw new NotFound("project");
  return { project: row, membership, access };
}

/**
 * Inside a transaction the project's row is locked until it commits, so changes to one project
 * (team, roles, ownership, status) run one after another and read each other's results: the
 * last-Owner and single-Owner rules hold under concurrent requests. The id is a bound parameter.
 */
async function lockProject(tx: Tx, projectId: string) {
  await tx.$queryRaw`SELECT 1 FROM "Project" WHERE "id" = ${projectId} FOR UPDATE`;
}

/** 403 when the caller sees the project but lacks `permission`. */
export function requireProjectPermission(context: ProjectContext, permission: ProjectPermission, message?: string) {
  if (!context.access.permissions.has(permission)) {
    throw new Forbidden(message ?? `This needs the ${permission} permission in this project.`);
  }
}

/** Loads the project and checks one permission: the usual start of a project service. */
export async function authorizeProject(actor: Actor | null, projectId: string, permission: ProjectPermission, client: Tx | typeof db = db) {
  const context = await loadProject(actor, projectId, client);
  requireProjectPermission(context, permission);
  return context;
}

/**
 * The module guard: a disabled module does not exist for the project. Every module's endpoints
 * and pages call this first, so they answer 404 and show nothing while the module is off.
 */
export function requireModule(project: Pick<Project, "modules">, module: ProjectModuleName) {
  if (!project.modules.includes(module)) throw new NotFound("page");
}

export function moduleEnabled(project: Pick<Project, "modules">, module: ProjectModuleName): boolean {
  return project.modules.includes(module);
}
