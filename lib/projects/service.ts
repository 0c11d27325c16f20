import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { changedFields, recordAudit } from "../audit-log/record";
import { cachedData } from "../cache/data-cache";
import { db, type Tx } from "../db/client";
import type { Prisma, Project } from "../db/generated/client";
import { BadRequest, Conflict, Forbidden, NotFound, RuleViolation, Unauthorized, ValidationFailed } from "../errors";
import { parseClientJson } from "../http/client-input";
import {
  canBeOwner,
  DEFAULT_PROJECT_ROLES,
  DEFAULT_ROLE_KEYS,
  canDeleteProject,
  hasPlatformPermission,
  type ProjectStatus,
} from "../permissions";
import { inProject } from "./access";
import { reviewedChange } from "./reviewed-content";
import { removeReplacedImages, storedImageId } from "./images";
import { presentProject } from "./present";
import { versionedUpdate } from "./versioned-update";
import {
  DEFAULT_PROJECT_SETTINGS,
  MODULE_NAMES,
  PROJECT_MODULES,
  type CreateProjectInput,
  type ListProjectsQuery,
  type PresentationInput,
  type ProjectModuleName,
} from "./schemas";
import { projectSlug, withSuffix } from "./slug";

/** Deleted projects can be restored by a Project lead for this long. */
export const RESTORE_WINDOW_DAYS = 30;
/** A project can be deleted in these states; a published one is archived first, one in review withdrawn. */
export const DELETABLE_STATUSES: readonly ProjectStatus[] = ["DRAFT", "REJECTED", "ARCHIVED"];

const LISTED: Prisma.ProjectWhereInput = { status: { in: ["PUBLISHED", "ARCHIVED"] }, visibility: { in: ["PUBLIC", "APPLICATION_ONLY"] } };

/**
 * The projects the caller may list, with the query's filters. `withoutFacets` leaves out the game
 * and category filters: the facets apply them to one grouped count themselves.
 */
function listedWhere(actor: Actor | null, query: ListProjectsQuery, withoutFacets = false): Prisma.ProjectWhereInput[] {
  if (query.member === "me" && !actor) throw new Unauthorized("Sign in to list your projects.");
  const mine: Prisma.ProjectWhereInput | null = actor ? { members: { some: { userId: actor.userId } } } : null;
  const visible: Prisma.ProjectWhereInput =
    query.member === "me" ? mine! : hasPlatformPermission(actor, "projects.readAny") ? {} : mine ? { OR: [LISTED, mine] } : LISTED;
  return [
    { deletedAt: null },
    visible,
    query.status ? { status: query.status } : {},
    query.visibility ? { visibility: query.visibility } : {},
    query.game && !withoutFacets ? { game: { equals: query.game, mode: "insensitive" } } : {},
    query.category && !withoutFacets ? { category: { equals: query.category, mode: "insensitive" } } : {},
    query.q
      ? { OR: [{ name: { contains: query.q, mode: "insensitive" } }, { description: { contains: query.q, mode: "insensitive" } }] }
      : {},
  ];
}

/** The projects the caller may see in lists, newest first (or oldest, or by name). */
export async function listProjects(actor: Actor | null, query: ListProjectsQuery) {
  const cursor = decodeProjectCursor(query.cursor, query.sort);
  const where: Prisma.ProjectWhereInput = { AND: [...listedWhere(actor, query), cursor ? afterCursor(query.sort, cursor) : {}] };
  // The statement's whole input is the cache key: who asks is in `where` (their memberships, or none).
  const args = { where, orderBy: ORDER[query.sort], take: query.limit + 1 };
  const rows = await cachedData(`projects:${JSON.stringify(args)}`, () => db.project.findMany(args));
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  return {
    data: page.map((project) => presentProject(project)),
    nextCursor: more ? encodeProjectCursor(query.sort, page[page.length - 1]) : null,
  };
}

/** One value of a facet and how many projects hold it. */
export interface Facet {
  value: string;
  count: number;
}
/** At most this many values per facet, the most frequent first. */
const FACET_VALUES = 12;

/**
 * Beside the directory's results: how many projects match the query (the cursor aside), and for
 * each game and each category how many would match with that value chosen (the facet's own filter
 * left out). Counted over what the caller may list, as the list is.
 *
 * One statement for all three: the projects matching every filter but game and category, counted
 * per (game, category) pair; the total and each facet are sums over those pairs (a facet's sum
 * applies the other facet's filter). A chosen value matches as the list's filter does, whatever
 * its case (the list's `mode: "insensitive"`; for letters beyond ASCII JavaScript's lower case
 * stands in for the database's).
 */
export async function projectFacets(
  actor: Actor | null,
  query: ListProjectsQuery,
): Promise<{ total: number; game: Facet[]; category: Facet[] }> {
  const args = {
    by: ["game", "category"],
    where: { AND: listedWhere(actor, query, true) },
    _count: { _all: true },
  } satisfies Prisma.ProjectGroupByArgs;
  const pairs = await cachedData(`projects:facets:${JSON.stringify(args)}`, async () =>
    (await db.project.groupBy(args)).map((group) => ({ game: group.game, category: group.category, count: group._count._all })),
  );
  const matches = (value: string, chosen: string | undefined) => !chosen || value.toLowerCase() === chosen.toLowerCase();
  const facet = (name: "game" | "category", other: "game" | "category"): Facet[] => {
    const counts = new Map<string, number>();
    for (const pair of pairs) if (matches(pair[other], query[other])) counts.set(pair[name], (counts.get(pair[name]) ?? 0) + pair.count);
    return [...counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      .slice(0, FACET_VALUES);
  };
  const total = pairs.reduce(
    (sum, pair) => sum + (matches(pair.game, query.game) && matches(pair.category, query.category) ? pair.count : 0),
    0,
  );
  return { total, game: facet("game", "category"), category: facet("category", "game") };
}

const ORDER: Record<ListProjectsQuery["sort"], Prisma.ProjectOrderByWithRelationInput[]> = {
  newest: [{ createdAt: "desc" }, { id: "desc" }],
  oldest: [{ createdAt: "asc" }, { id: "asc" }],
  name: [{ name: "asc" }, { id: "asc" }],
};

type Cursor = { value: string; id: string };

function encodeProjectCursor(sort: ListProjectsQuery["sort"], project: Project): string {
  const value = sort === "name" ? project.name : project.createdAt.toISOString();
  return Buffer.from(JSON.stringify([sort, value, project.id])).toString("base64url");
}

function decodeProjectCursor(cursor: string | undefined, sort: ListProjectsQuery["sort"]): Cursor | null {
  if (!cursor) return null;
  try {
    const [cursorSort, value, id] = parseClientJson(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (cursorSort !== sort || typeof value !== "string" || typeof id !== "string") throw new Error("mismatch");
    if (sort !== "name" && Number.isNaN(Date.parse(value))) throw new Error("bad date");
    return { value, id };
  } catch {
    throw new BadRequest("The cursor is not valid for this sort. Start again without it.", "invalid_cursor");
  }
}

function afterCursor(sort: ListProjectsQuery["sort"], cursor: Cursor): Prisma.ProjectWhereInput {
  if (sort === "name") return { OR: [{ name: { gt: cursor.value } }, { name: cursor.value, id: { gt: cursor.id } }] };
  const at = new Date(cursor.value);
  return sort === "newest"
    ? { OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: cursor.id } }] }
    : { OR: [{ createdAt: { gt: at } }, { createdAt: at, id: { gt: cursor.id } }] };
}

export async function getProject(actor: Actor | null, projectId: string) {
  const context = await inProject(actor, projectId);
  return { context, body: presentProject(context.project, context) };
}

/** A project by its slug, for the portal's addresses. */
export async function findProjectIdBySlug(slug: string): Promise<string> {
  const project = await cachedData(`slug:${slug}`, () => db.project.findUnique({ where: { slug }, select: { id: true } }));
  if (!project) throw new NotFound("project");
  return project.id;
}

/**
 * Creates a DRAFT project with the six default roles. An ACTIVE partner becomes its Owner;
 * staff with projects.create who are not ACTIVE partners name the partner who will own it.
 */
export async function createProject(actor: Actor, input: CreateProjectInput, meta: RequestMeta) {
  if (!hasPlatformPermission(actor, "projects.create")) {
    throw new Forbidden(
      actor.platformRoles.includes("PARTNER")
        ? "Your partner status must be ACTIVE to create projects."
        : "Creating projects needs the projects.create permission.",
    );
  }
  assertModulesAvailable(input.modules);
  // A new project has no uploads yet: a stored image path here can only be another project's file.
  const borrowed = (["bannerUrl", "logoUrl"] as const).filter((field) => input[field]?.startsWith("/"));
  if (borrowed.length)
    throw new ValidationFailed(
      borrowed.map((field) => ({ path: field, message: "Upload the image after creating the project, or enter an https:// address." })),
    );
  const ownerId = await resolveOwner(actor, input.ownerId);
  const { ownerId: _ownerId, visibility, modules, slug: chosenSlug, ...presentation } = input;
  return db.$transaction(async (tx) => {
    const slug = chosenSlug ? await requireFreeSlug(tx, chosenSlug) : await freeSlug(tx, projectSlug(presentation.name));
    const project = await tx.project.create({
      data: {
        ...presentation,
        slug,
        visibility,
        modules: [...new Set(modules)],
        settings: DEFAULT_PROJECT_SETTINGS,
        createdById: actor.userId,
      },
    });
    const roles = new Map<string, string>();
    for (const key of DEFAULT_ROLE_KEYS) {
      const role = await tx.projectRole.create({
        data: {
          projectId: project.id,
          key,
          name: DEFAULT_PROJECT_ROLES[key].name,
          rank: DEFAULT_PROJECT_ROLES[key].rank,
          permissions: [...DEFAULT_PROJECT_ROLES[key].permissions],
        },
      });
      roles.set(key, role.id);
    }
    await tx.projectMember.create({ data: { projectId: project.id, userId: ownerId, roleId: roles.get("OWNER")! } });
    await recordAudit(tx, auditContext(actor, meta), {
      action: "project.create",
      targetType: "project",
      targetId: project.id,
      projectId: project.id,
      changes: changedFields({}, { ...presentation, slug, visibility, modules, ownerId }),
    });
    return project;
  });
}

async function resolveOwner(actor: Actor, requestedOwnerId: string | undefined): Promise<string> {
  if (!requestedOwnerId || requestedOwnerId === actor.userId) {
    if (!canBeOwner(actor)) {
      throw new ValidationFailed([
        { path: "ownerId", message: "Name the ACTIVE partner who will own the project: only partners can be Owner." },
      ]);
    }
    return actor.userId;
  }
  if (!hasPlatformPermission(actor, "projects.moderate")) {
    throw new Forbidden("Only the platform team can create a project for another partner.");
  }
  const owner = await db.user.findUnique({ where: { id: requestedOwnerId } });
  if (!owner || owner.suspendedAt || owner.deletedAt || !canBeOwner(owner)) {
    throw new ValidationFailed([{ path: "ownerId", message: "The owner must be an account with ACTIVE partner status." }]);
  }
  return owner.id;
}

/** An address the caller chose: theirs as it is, or 409 at the field (deleted projects keep theirs while they can be restored). */
async function requireFreeSlug(tx: Tx, slug: string): Promise<string> {
  if (await tx.project.findUnique({ where: { slug }, select: { id: true } })) {
    const message = "This address is taken. Choose another.";
    throw new Conflict(message, "slug_taken", { errors: [{ path: "slug", message }] });
  }
  return slug;
}

async function freeSlug(tx: Tx, base: string): Promise<string> {
  let candidate = base;
  while (await tx.project.findUnique({ where: { slug: candidate }, select: { id: true } })) candidate = withSuffix(base);
  return candidate;
}

function assertModulesAvailable(modules: readonly ProjectModuleName[]) {
  const unavailable = modules.filter((module) => !PROJECT_MODULES[module].available);
  if (unavailable.length) {
    throw new RuleViolation(`Not available yet: ${unavailable.join(", ")}.`, "module_unavailable", { modules: unavailable });
  }
}

function pick(project: Project, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, project[field as keyof Project]]));
}

/** PUT (replace) and PATCH (merge) of the presentation fields. */
export async function updatePresentation(
  actor: Actor,
  projectId: string,
  input: Partial<PresentationInput>,
  expectedVersion: number,
  meta: RequestMeta,
) {
  const result = await db.$transaction(async (tx) => {
    const context = await inProject(actor, projectId, { permission: "project.edit", client: tx });
    const { project } = context;
    await reviewedChange(tx, project);
    for (const field of ["bannerUrl", "logoUrl"] as const) {
      const value = input[field];
      if (value?.startsWith("/") && value !== project[field]) {
        throw new ValidationFailed([{ path: field, message: "Upload the image, or enter an https:// address." }]);
      }
    }
    const updated = await versionedUpdate(tx, project.id, expectedVersion, input);
    await recordAudit(tx, context.audit(meta), {
      action: "project.update",
      targetType: "project",
      targetId: project.id,
      projectId: project.id,
      changes: changedFields(pick(project, Object.keys(input)), pick(updated, Object.keys(input))),
    });
    return {
      project: updated,
      body: presentProject(updated, context),
      previous: [storedImageId(project.id, project.bannerUrl), storedImageId(project.id, project.logoUrl)],
    };
  });
  await removeReplacedImages(projectId, result.previous);
  return { project: result.project, body: result.body };
}

/**
 * Deletes (hides) a project that is a draft, rejected or archived. It stays restorable by a
 * Project lead for RESTORE_WINDOW_DAYS; its data is kept until then.
 */
export async function deleteProject(actor: Actor, projectId: string, expectedVersion: number, meta: RequestMeta) {
  await db.$transaction(async (tx) => {
    const context = await inProject(actor, projectId, { client: tx });
    if (!canDeleteProject(context.access)) {
      throw new Forbidden("Deleting a project needs its Owner, or a Project lead's audited override.");
    }
    if (!DELETABLE_STATUSES.includes(context.project.status)) {
      throw new RuleViolation(
        context.project.status === "PUBLISHED"
          ? "Archive the project before deleting it."
          : "Withdraw the project from review before deleting it.",
        "not_deletable",
        { allowedStatuses: DELETABLE_STATUSES },
      );
    }
    await versionedUpdate(tx, projectId, expectedVersion, { deletedAt: new Date() });
    await recordAudit(tx, context.audit(meta), {
      action: "project.delete",
      targetType: "project",
      targetId: projectId,
      projectId,
    });
  });
}

export async function restoreProject(actor: Actor, projectId: string, meta: RequestMeta) {
  if (!hasPlatformPermission(actor, "projects.override")) throw new NotFound("project");
  return db.$transaction(async (tx) => {
    const project = await tx.project.findUnique({ where: { id: projectId } });
    if (!project?.deletedAt) throw new NotFound("deleted project");
    if (Date.now() - project.deletedAt.getTime() > RESTORE_WINDOW_DAYS * 86_400_000) {
      throw new RuleViolation(`Projects can be restored for ${RESTORE_WINDOW_DAYS} days after deletion.`, "restore_window_passed");
    }
    const restored = await tx.project.update({ where: { id: projectId }, data: { deletedAt: null, version: { increment: 1 } } });
    await recordAudit(tx, auditContext(actor, meta), { action: "project.restore", targetType: "project", targetId: projectId, projectId });
    return restored;
  });
}

/** Deleted projects a Project lead can still restore. */
export async function listDeletedProjects(actor: Actor) {
  if (!hasPlatformPermission(actor, "projects.override")) throw new Forbidden("Only a Project lead can restore deleted projects.");
  const since = new Date(Date.now() - RESTORE_WINDOW_DAYS * 86_400_000);
  const rows = await db.project.findMany({ where: { deletedAt: { gte: since } }, orderBy: { deletedAt: "desc" }, take: 100 });
  return rows.map((project) => ({ ...presentProject(project), deletedAt: project.deletedAt!.toISOString() }));
}

/** Removes projects deleted longer ago than the restore window (run at start-up). */
export async function purgeDeletedProjects(): Promise<number> {
  const { count } = await db.project.deleteMany({ where: { deletedAt: { lt: new Date(Date.now() - RESTORE_WINDOW_DAYS * 86_400_000) } } });
  return count;
}

export function modulesView(project: Project) {
  return {
    modules: project.modules,
    available: MODULE_NAMES.map((module) => ({
      module,
      label: PROJECT_MODULES[module].label,
      description: PROJECT_MODULES[module].description,
      enabled: project.modules.includes(module),
      available: PROJECT_MODULES[module].available,
    })),
  };
}

export async function getModules(actor: Actor | null, projectId: string) {
  const context = await inProject(actor, projectId, { permission: "project.view" });
  return { project: context.project, body: modulesView(context.project) };
}

/** Sets the enabled modules. Disabling keeps the module's data; HOSTING cannot be enabled yet. */
export async function updateModules(
  actor: Actor,
  projectId: string,
  modules: ProjectModuleName[],
  expectedVersion: number,
  meta: RequestMeta,
) {
  const wanted = MODULE_NAMES.filter((module) => modules.includes(module));
  return db.$transaction(async (tx) => {
    const context = await inProject(actor, projectId, { permission: "project.settings", client: tx });
    assertModulesAvailable(wanted.filter((module) => !context.project.modules.includes(module)));
    await reviewedChange(tx, context.project);
    const updated = await versionedUpdate(tx, projectId, expectedVersion, { modules: wanted });
    await recordAudit(tx, context.audit(meta), {
      action: "project.modules",
      targetType: "project",
      targetId: projectId,
      projectId,
      changes: changedFields({ modules: context.project.modules }, { modules: wanted }),
    });
    return { project: updated, body: modulesView(updated) };
  });
}
