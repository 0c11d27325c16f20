import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import type { AuditContext } from "../audit-log/record";
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
 * Services open a project with inProject (below), never with this directly (lib/projects/entry.test.ts).
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
 * Called alone only where the caller acts on something of their own in a project they may not
 * see (an invitee accepting: lib/invitations/service.ts); every other change goes through inProject.
 */
export async function lockProject(tx: Tx, projectId: string) {
  await tx.$queryRaw`SELECT 1 FROM "Project" WHERE "id" = ${projectId} FOR UPDATE`;
}

/** 403 when the caller sees the project but lacks `permission`. */
export function requireProjectPermission(context: ProjectContext, permission: ProjectPermission, message?: string) {
  if (!context.access.permissions.has(permission)) {
    throw new Forbidden(message ?? `This needs the ${permission} permission in this project.`);
  }
}

/** A project opened for a request (inProject): the caller's view of it, and how its changes are audited. */
export interface ProjectEntry extends ProjectContext {
  /**
   * The audit context of a change made here: who, how, from where (request id, ip), and `override`
   * when the caller's permissions come from projects.override (a Project lead who is not a member).
   */
  audit(meta: RequestMeta): AuditContext;
}

export interface EntryOptions {
  /** 404 while this module is off: a disabled module does not exist for the project. */
  module?: ProjectModuleName;
  /** 403 when the caller sees the project (and the module) but lacks this permission. */
  permission?: ProjectPermission;
  /** A transaction: the project's row is then locked until it commits (see lockProject). */
  client?: Tx | typeof db;
}

/**
 * The one way a service opens a project for a request: the project as the caller may see it
 * (loadProject: 404 when invisible or deleted), then the module (404 when off), then the
 * permission (403), in that order; with the audit context of the changes made inside.
 */
export async function inProject(actor: Actor | null, projectId: string, options: EntryOptions = {}): Promise<ProjectEntry> {
  const context = await loadProject(actor, projectId, options.client);
  if (options.module) requireModule(context.project, options.module);
  if (options.permission) requireProjectPermission(context, options.permission);
  return { ...context, audit: (meta) => ({ ...auditContext(actor, meta), override: context.access.override }) };
}

/**
 * The module guard inside inProject: a disabled module does not exist for the project (404). Called
 * alone only where another 404 must come first (the launcher's, lib/launcher/service.ts).
 */
export function requireModule(project: Pick<Project, "modules">, module: ProjectModuleName) {
  if (!project.modules.includes(module)) throw new NotFound("page");
}

export function moduleEnabled(project: Pick<Project, "modules">, module: ProjectModuleName): boolean {
  return project.modules.includes(module);
}
