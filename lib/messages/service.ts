import { createHash } from "node:crypto";
import type { Actor, RequestMeta } from "../auth/actor";
import { changedFields, recordAudit, textFingerprint } from "../audit-log/record";
import { cachedData } from "../cache/data-cache";
import { db, type Tx } from "../db/client";
import type { ProjectMessage, User } from "../db/generated/client";
import { NotFound, PreconditionFailed } from "../errors";
import { afterPosition, decodeCursor, NEWEST_FIRST, toPage } from "../http/pagination";
import { renderMarkdown } from "../markdown/render";
import { notify } from "../notifications/service";
import { canReadMessages } from "../permissions";
import { inProject, requireProjectPermission, type ProjectContext, type ProjectEntry } from "../projects/access";
import type { MessageInput, MessageView } from "./schemas";

type MessageRow = ProjectMessage & { author: Pick<User, "id" | "username" | "displayName" | "avatarUrl"> | null };
const INCLUDE = { author: { select: { id: true, username: true, displayName: true, avatarUrl: true } } } as const;

/**
 * An announcement's revision for If-Match (`"v<version>"`): it has no version column, so the
 * number is made from what an edit changes (31 bits of the sha256 of title and body). It changes
 * whenever they do; an edit back to an earlier text brings its number back, which is right for
 * If-Match: the writer saw exactly that text.
 */
export function messageVersion(message: Pick<ProjectMessage, "title" | "body">): number {
  const hash = createHash("sha256")
    .update(JSON.stringify([message.title, message.body]))
    .digest();
  return hash.readUInt32BE(0) & 0x7fffffff || 1;
}

function present(row: MessageRow): MessageView {
  return {
    id: row.id,
    projectId: row.projectId,
    version: messageVersion(row),
    title: row.title,
    body: row.body,
    html: renderMarkdown(row.body),
    author: row.author,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The project with its MESSAGES module on; with it off none of this exists (404). */
async function messagesOf(actor: Actor | null, projectId: string, client: Tx | typeof db = db): Promise<ProjectEntry> {
  const context = await inProject(actor, projectId, { module: "MESSAGES", client });
  if (!canReadMessages(context.access)) throw new NotFound("project");
  return context;
}

/** Announcements, newest first: whoever can see the project. */
export async function listMessages(actor: Actor | null, projectId: string, query: { limit: number; cursor?: string }) {
  await messagesOf(actor, projectId);
  return messagePage(projectId, query);
}

/**
 * A page of a project's announcements, rendered: the same for everyone who may read them (the
 * caller checks that), so it comes from the data cache, keyed by the query.
 */
function messagePage(projectId: string, query: { limit: number; cursor?: string }) {
  const position = afterPosition(decodeCursor(query.cursor));
  return cachedData(`messages:${projectId}:${query.limit}:${query.cursor ?? ""}`, async () => {
    const rows = await db.projectMessage.findMany({
      where: { projectId, ...position },
      include: INCLUDE,
      orderBy: NEWEST_FIRST,
      take: query.limit + 1,
    });
    return toPage(rows, query.limit, present);
  });
}

/** The newest announcements for the project page (none when the module is off). */
export async function latestMessages(context: ProjectContext, query: { limit: number; cursor?: string }) {
  if (!context.project.modules.includes("MESSAGES") || !canReadMessages(context.access)) return { data: [], nextCursor: null };
  return messagePage(context.project.id, query);
}

/**
 * Posts an announcement (messages.manage). Every other member of the team whose account is active
 * gets a notification, in the same transaction as the announcement and its audit entry.
 */
export async function postMessage(actor: Actor, projectId: string, input: MessageInput, meta: RequestMeta): Promise<MessageView> {
  return db.$transaction(async (tx) => {
    const context = await messagesOf(actor, projectId, tx);
    requireProjectPermission(context, "messages.manage");
    const message = await tx.projectMessage.create({
      data: { projectId, authorId: actor.userId, title: input.title, body: input.body },
      include: INCLUDE,
    });
    await recordAudit(tx, context.audit(meta), {
      action: "message.create",
      targetType: "message",
      targetId: message.id,
      projectId,
      changes: { title: { before: null, after: message.title } },
    });
    const members = await tx.projectMember.findMany({
      where: { projectId, userId: { not: actor.userId }, user: { suspendedAt: null } },
      select: { userId: true },
    });
    await notify(
      tx,
      members.map((member) => member.userId),
      {
        kind: "message.new",
        params: {
          project: context.project.name,
          title: message.title,
          excerpt: input.body.length > 200 ? `${input.body.slice(0, 199)}…` : input.body,
        },
        link: `/projects/${context.project.slug}#announcement-${message.id}`,
      },
    );
    return present(message);
  });
}

function auditedFields(message: Pick<ProjectMessage, "title" | "body">) {
  return { title: message.title, body: textFingerprint(message.body) };
}

/** An announcement of the project for a change: 404 when it is not the project's, then messages.manage. */
async function messageToManage(tx: Tx, actor: Actor, projectId: string, messageId: string) {
  const context = await messagesOf(actor, projectId, tx);
  const message = await tx.projectMessage.findFirst({ where: { id: messageId, projectId } });
  if (!message) throw new NotFound("message");
  requireProjectPermission(context, "messages.manage");
  return { context, message };
}

/**
 * Changes an announcement's title and text (messages.manage) at the revision the caller read
 * (`expectedVersion`, see messageVersion). Nobody is notified again: the notification of the post
 * links to the announcement, which now shows the new text.
 */
export async function updateMessage(
  actor: Actor,
  projectId: string,
  messageId: string,
  input: MessageInput,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<MessageView> {
  return db.$transaction(async (tx) => {
    const { context, message } = await messageToManage(tx, actor, projectId, messageId);
    if (messageVersion(message) !== expectedVersion) throw new PreconditionFailed();
    // Only if the text is still the one just compared: a concurrent edit makes this one stale.
    const { count } = await tx.projectMessage.updateMany({
      where: { id: message.id, title: message.title, body: message.body },
      data: { title: input.title, body: input.body },
    });
    if (count === 0) throw new PreconditionFailed();
    const updated = await tx.projectMessage.findUniqueOrThrow({ where: { id: message.id }, include: INCLUDE });
    await recordAudit(tx, context.audit(meta), {
      action: "message.update",
      targetType: "message",
      targetId: message.id,
      projectId,
      changes: changedFields(auditedFields(message), auditedFields(updated)),
    });
    return present(updated);
  });
}

export async function deleteMessage(actor: Actor, projectId: string, messageId: string, meta: RequestMeta): Promise<void> {
  await db.$transaction(async (tx) => {
    const { context, message } = await messageToManage(tx, actor, projectId, messageId);
    await tx.projectMessage.delete({ where: { id: message.id } });
    await recordAudit(tx, context.audit(meta), {
      action: "message.delete",
      targetType: "message",
      targetId: message.id,
      projectId,
      changes: { title: { before: message.title, after: null } },
    });
  });
}
