import type { Actor, RequestMeta } from "../auth/actor";
import { changedFields, recordAudit, textFingerprint } from "../audit-log/record";
import { cachedData } from "../cache/data-cache";
import { db, type Tx } from "../db/client";
import type { ProjectPage } from "../db/generated/client";
import { BadRequest, Conflict, NotFound, PreconditionFailed, RuleViolation } from "../errors";
import { parseClientJson } from "../http/client-input";
import { renderMarkdown } from "../markdown/render";
import { canReadPages } from "../permissions";
import { inProject, requireProjectPermission, type ProjectContext, type ProjectEntry } from "../projects/access";
import { reviewedChange } from "../projects/reviewed-content";
import { MAX_PAGES_PER_PROJECT, type PageInput, type PageSummary, type PageView } from "./schemas";

function summarize(page: ProjectPage): PageSummary {
  return {
    slug: page.slug,
    title: page.title,
    position: page.position,
    version: page.version,
    createdAt: page.createdAt.toISOString(),
    updatedAt: page.updatedAt.toISOString(),
  };
}

function present(page: ProjectPage): PageView {
  return { ...summarize(page), id: page.id, projectId: page.projectId, body: page.body, html: renderMarkdown(page.body) };
}

/**
 * The project with its pages readable by the caller: the PROJECT_PAGES module on (otherwise none
 * of this exists) and, on APPLICATION_ONLY projects, a member or staff. Anything else is 404.
 */
async function pagesOf(actor: Actor | null, projectId: string, client: Tx | typeof db = db): Promise<ProjectEntry> {
  const context = await inProject(actor, projectId, { module: "PROJECT_PAGES", client });
  if (!canReadPages(context.access, context.project)) throw new NotFound("project");
  return context;
}

/** The same, for a change: 403 without pages.manage. */
async function pagesToManage(actor: Actor, projectId: string, tx: Tx) {
  const context = await pagesOf(actor, projectId, tx);
  requireProjectPermission(context, "pages.manage");
  return context;
}

function auditedFields(page: Pick<ProjectPage, "slug" | "title" | "position" | "body">) {
  return {
    slug: page.slug,
    title: page.title,
    position: page.position,
    body: textFingerprint(page.body),
  };
}

async function pageIn(client: Tx | typeof db, projectId: string, slug: string) {
  const page = await client.projectPage.findUnique({ where: { projectId_slug: { projectId, slug } } });
  if (!page) throw new NotFound("page");
  return page;
}

async function assertSlugFree(tx: Tx, projectId: string, slug: string) {
  if (await tx.projectPage.findUnique({ where: { projectId_slug: { projectId, slug } }, select: { id: true } })) {
    throw new Conflict(`This project already has a page at "${slug}". Choose another address.`, "page_slug_taken");
  }
}

/** Pages are ordered by (position, slug); the cursor is the last row's pair. */
function encodeCursor(page: Pick<ProjectPage, "position" | "slug">) {
  return Buffer.from(JSON.stringify([page.position, page.slug])).toString("base64url");
}

function decodeCursor(cursor: string | undefined): { position: number; slug: string } | null {
  if (!cursor) return null;
  try {
    const [position, slug] = parseClientJson(Buffer.from(cursor, "base64url").toString("utf8")) as [unknown, unknown];
    if (!Number.isInteger(position) || typeof slug !== "string") throw new Error("bad cursor");
    return { position: position as number, slug };
  } catch {
    throw new BadRequest("The cursor is not valid. Start again without it.", "invalid_cursor");
  }
}

export async function listPages(actor: Actor | null, projectId: string, query: { limit: number; cursor?: string }) {
  await pagesOf(actor, projectId);
  const after = decodeCursor(query.cursor);
  const rows = await db.projectPage.findMany({
    where: {
      projectId,
      ...(after ? { OR: [{ position: { gt: after.position } }, { position: after.position, slug: { gt: after.slug } }] } : {}),
    },
    orderBy: [{ position: "asc" }, { slug: "asc" }],
    take: query.limit + 1,
  });
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  return { data: page.map(summarize), nextCursor: more ? encodeCursor(page[page.length - 1]) : null };
}

/** Every page's title and address, in order, for the project page's navigation (empty when the caller may not read them). */
export async function pageNavigation(context: ProjectContext): Promise<PageSummary[]> {
  if (!context.project.modules.includes("PROJECT_PAGES") || !canReadPages(context.access, context.project)) return [];
  const projectId = context.project.id;
  // The same for everyone who may read the pages (checked above): from the data cache.
  return cachedData(`page-navigation:${projectId}`, async () => {
    const rows = await db.projectPage.findMany({
      where: { projectId },
      orderBy: [{ position: "asc" }, { slug: "asc" }],
      take: MAX_PAGES_PER_PROJECT,
    });
    return rows.map(summarize);
  });
}

export async function getPage(actor: Actor | null, projectId: string, slug: string): Promise<PageView> {
  await pagesOf(actor, projectId);
  return present(await pageIn(db, projectId, slug));
}

export async function createPage(actor: Actor, projectId: string, input: PageInput, meta: RequestMeta): Promise<PageView> {
  return db.$transaction(async (tx) => {
    const context = await pagesToManage(actor, projectId, tx);
    await reviewedChange(tx, context.project);
    if ((await tx.projectPage.count({ where: { projectId } })) >= MAX_PAGES_PER_PROJECT) {
      throw new RuleViolation(`A project has at most ${MAX_PAGES_PER_PROJECT} pages. Delete one first.`, "page_limit");
    }
    await assertSlugFree(tx, projectId, input.slug);
    const page = await tx.projectPage.create({ data: { projectId, ...input } });
    await recordAudit(tx, context.audit(meta), {
      action: "page.create",
      targetType: "page",
      targetId: page.id,
      projectId,
      changes: changedFields({}, auditedFields(page)),
    });
    return present(page);
  });
}

/** Replaces a page (a new slug renames it); `expectedVersion` is the version its ETag named. */
export async function updatePage(
  actor: Actor,
  projectId: string,
  slug: string,
  input: PageInput,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<PageView> {
  return db.$transaction(async (tx) => {
    const context = await pagesToManage(actor, projectId, tx);
    await reviewedChange(tx, context.project);
    const page = await pageIn(tx, projectId, slug);
    if (page.version !== expectedVersion) throw new PreconditionFailed();
    if (input.slug !== page.slug) await assertSlugFree(tx, projectId, input.slug);
    const updated = await tx.projectPage.update({ where: { id: page.id }, data: { ...input, version: { increment: 1 } } });
    await recordAudit(tx, context.audit(meta), {
      action: "page.update",
      targetType: "page",
      targetId: page.id,
      projectId,
      changes: changedFields(auditedFields(page), auditedFields(updated)),
    });
    return present(updated);
  });
}

export async function deletePage(actor: Actor, projectId: string, slug: string, expectedVersion: number, meta: RequestMeta): Promise<void> {
  await db.$transaction(async (tx) => {
    const context = await pagesToManage(actor, projectId, tx);
    await reviewedChange(tx, context.project);
    const page = await pageIn(tx, projectId, slug);
    if (page.version !== expectedVersion) throw new PreconditionFailed();
    await tx.projectPage.delete({ where: { id: page.id } });
    await recordAudit(tx, context.audit(meta), {
      action: "page.delete",
      targetType: "page",
      targetId: page.id,
      projectId,
      changes: Object.fromEntries(Object.entries(auditedFields(page)).map(([field, value]) => [field, { before: value, after: null }])),
    });
  });
}

/** The editor's preview: the same renderer and sanitizer as every read. */
export function previewMarkdown(body: string): string {
  return renderMarkdown(body);
}
