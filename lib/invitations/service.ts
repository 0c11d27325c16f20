import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { recordAudit, type AuditContext } from "../audit-log/record";
import { cachedData } from "../cache/data-cache";
import { db, type Tx } from "../db/client";
import type { Prisma, Project, ProjectInvitation, ProjectRole, User } from "../db/generated/client";
import { Conflict, Forbidden, NotFound } from "../errors";
import { afterPosition, decodeCursor, NEWEST_FIRST, toPage } from "../http/pagination";
import { isUniqueViolation } from "../http/problem";
import { activeAccount, assertMayAssign, assertNotOnTeam, roleOf } from "../members/service";
import { canManageMember } from "../permissions";
import { inProject, lockProject } from "../projects/access";
import {
  INVITATION_TTL_DAYS,
  type CreateInvitationInput,
  type InvitationStatus,
  type InvitationView,
  type ListInvitationsQuery,
} from "./schemas";

/**
 * Team invitations (docs/projects.md, "Invitations"): a member with `members.manage` invites an
 * account into a role they may grant; the invitee accepts (and joins the team in the same
 * transaction) or declines; the team may revoke it while it waits; after INVITATION_TTL_DAYS it
 * expires. At most one invitation per project and account is pending, kept by the database
 * (the partial unique index ProjectInvitation_one_pending_key).
 */

type Person = Pick<User, "id" | "username" | "displayName" | "avatarUrl">;
type InvitationRow = ProjectInvitation & {
  project: Pick<Project, "id" | "slug" | "name">;
  user: Person;
  invitedBy: Person | null;
  role: Pick<ProjectRole, "id" | "key" | "name" | "rank"> | null;
};

const PERSON = { select: { id: true, username: true, displayName: true, avatarUrl: true } } as const;
const INVITATION_INCLUDE = {
  project: { select: { id: true, slug: true, name: true } },
  user: PERSON,
  invitedBy: PERSON,
  role: { select: { id: true, key: true, name: true, rank: true } },
} as const;

/** A pending invitation past its expiry is EXPIRED, whether or not the row says so yet. */
export function invitationStatus(row: Pick<ProjectInvitation, "status" | "expiresAt">, now = new Date()): InvitationStatus {
  return row.status === "PENDING" && row.expiresAt <= now ? "EXPIRED" : row.status;
}

function presentInvitation(row: InvitationRow, now = new Date()): InvitationView {
  return {
    id: row.id,
    projectId: row.projectId,
    userId: row.userId,
    status: invitationStatus(row, now),
    role: row.role && { id: row.role.id, key: row.role.key, name: row.role.name },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    project: row.project,
    invitee: row.user,
    invitedBy: row.invitedBy,
  };
}

/** The rows of a status as the API names it (EXPIRED includes pending rows past their expiry). */
function statusWhere(status: InvitationStatus | undefined, now: Date): Prisma.ProjectInvitationWhereInput {
  if (status === "PENDING") return { status: "PENDING", expiresAt: { gt: now } };
  if (status === "EXPIRED") return { OR: [{ status: "EXPIRED" }, { status: "PENDING", expiresAt: { lte: now } }] };
  return status ? { status } : {};
}

async function listPage(where: Prisma.ProjectInvitationWhereInput, query: ListInvitationsQuery) {
  const now = new Date();
  const rows = await db.projectInvitation.findMany({
    where: { AND: [where, statusWhere(query.status, now), afterPosition(decodeCursor(query.cursor))] },
    include: INVITATION_INCLUDE,
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, (row) => presentInvitation(row, now));
}

const pendingConflict = () =>
  new Conflict("This account has a pending invitation to the project already. Revoke it to invite again.", "invitation_pending");

/** Invites an active account that is not on the team, into a role the inviter may grant (never Owner). */
export async function createInvitation(actor: Actor, projectId: string, input: CreateInvitationInput, meta: RequestMeta) {
  try {
    return await db.$transaction(async (tx) => {
      const context = await inProject(actor, projectId, { permission: "members.manage", client: tx });
      const role = await roleOf(tx, projectId, input.roleId);
      assertMayAssign(context, role);
      const user = await activeAccount(tx, input);
      await assertNotOnTeam(tx, projectId, user.id);
      const now = new Date();
      // A pending invitation past its expiry is closed here, where it would stand in the way of a new one.
      await tx.projectInvitation.updateMany({
        where: { projectId, userId: user.id, status: "PENDING", expiresAt: { lte: now } },
        data: { status: "EXPIRED", decidedAt: now },
      });
      if (await tx.projectInvitation.findFirst({ where: { projectId, userId: user.id, status: "PENDING" }, select: { id: true } })) {
        throw pendingConflict();
      }
      const invitation = await tx.projectInvitation.create({
        data: {
          projectId,
          userId: user.id,
          roleId: role.id,
          invitedById: actor.userId,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
        },
        include: INVITATION_INCLUDE,
      });
      await recordAudit(tx, context.audit(meta), {
        action: "invitation.create",
        targetType: "invitation",
        targetId: invitation.id,
        projectId,
        changes: {
          status: { before: null, after: "PENDING" },
          userId: { before: null, after: user.id },
          role: { before: null, after: role.name },
        },
      });
      return presentInvitation(invitation, now);
    });
  } catch (error) {
    // The database keeps one pending invitation per project and account, whatever ran at the same time.
    if (isUniqueViolation(error)) throw pendingConflict();
    throw error;
  }
}

export async function listProjectInvitations(actor: Actor, projectId: string, query: ListInvitationsQuery) {
  await inProject(actor, projectId, { permission: "members.manage" });
  return listPage({ projectId }, query);
}

async function invitationIn(client: Tx | typeof db, projectId: string, invitationId: string): Promise<InvitationRow> {
  const invitation = await client.projectInvitation.findFirst({ where: { id: invitationId, projectId }, include: INVITATION_INCLUDE });
  if (!invitation) throw new NotFound("invitation");
  return invitation;
}

export async function getProjectInvitation(actor: Actor, projectId: string, invitationId: string): Promise<InvitationView> {
  await inProject(actor, projectId, { permission: "members.manage" });
  return presentInvitation(await invitationIn(db, projectId, invitationId));
}

/**
 * Moves a pending invitation on and writes its audit entry. Conditional on PENDING and unexpired,
 * so of two answers at once exactly one counts; the other is 409.
 */
async function settle(
  tx: Tx,
  invitation: InvitationRow,
  move: { status: "ACCEPTED" | "DECLINED" | "REVOKED"; action: string },
  by: string,
  audit: AuditContext,
) {
  const { status } = move;
  const now = new Date();
  const current = invitationStatus(invitation, now);
  if (current === "EXPIRED") throw new Conflict("This invitation has expired. Ask the team for a new one.", "invitation_expired");
  const { count } =
    current === "PENDING"
      ? await tx.projectInvitation.updateMany({
          where: { id: invitation.id, status: "PENDING", expiresAt: { gt: now } },
          data: { status, decidedAt: now, decidedById: by },
        })
      : { count: 0 };
  if (count === 0) throw new Conflict("This invitation has already been accepted, declined or revoked.", "invitation_settled");
  await recordAudit(tx, audit, {
    action: move.action,
    targetType: "invitation",
    targetId: invitation.id,
    projectId: invitation.projectId,
    changes: { status: { before: "PENDING", after: status } },
  });
}

/** The team takes a pending invitation back: `members.manage`, and only into a role that ranks below the revoker's. */
export async function revokeInvitation(actor: Actor, projectId: string, invitationId: string, meta: RequestMeta): Promise<InvitationView> {
  return db.$transaction(async (tx) => {
    const context = await inProject(actor, projectId, { permission: "members.manage", client: tx });
    const invitation = await invitationIn(tx, projectId, invitationId);
    if (invitation.role && !canManageMember(context.access, invitation.role)) {
      throw new Forbidden("You can only revoke invitations into roles that rank below yours.");
    }
    await settle(tx, invitation, { status: "REVOKED", action: "invitation.revoke" }, actor.userId, context.audit(meta));
    return presentInvitation(await invitationIn(tx, projectId, invitationId));
  });
}

// The invitee's side. An invitation is the invitee's own: anyone else's is not found (404), and so
// is one to a deleted project. The invitee may not see the project otherwise (a draft), so these
// do not open it with inProject; accepting locks its row as every team change does.

async function ownInvitation(client: Tx | typeof db, actor: Actor, invitationId: string): Promise<InvitationRow> {
  const invitation = await client.projectInvitation.findFirst({
    where: { id: invitationId, userId: actor.userId, project: { deletedAt: null } },
    include: INVITATION_INCLUDE,
  });
  if (!invitation) throw new NotFound("invitation");
  return invitation;
}

/** The caller's invitations, every project that is not deleted, newest first. */
export function listMyInvitations(actor: Actor, query: ListInvitationsQuery) {
  return listPage({ userId: actor.userId, project: { deletedAt: null } }, query);
}

/**
 * The first `limit` of one's pending invitations (My projects, on every visit), from the data
 * cache: any write empties it, and an entry ends when the first of its invitations expires, so an
 * expired one is never shown as pending.
 */
export function myPendingInvitations(actor: Actor, limit: number) {
  return cachedData(
    `my-invitations:${actor.userId}:${limit}`,
    () => listMyInvitations(actor, { status: "PENDING", limit }),
    (page) => ({ expiresAt: Math.min(...page.data.map((invitation) => Date.parse(invitation.expiresAt))) }),
  );
}

/**
 * Accepting: the invitee joins the team with the invited role, in one transaction with the
 * invitation's new status and the audit entries (invitation.accept and member.add).
 */
export async function acceptInvitation(actor: Actor, invitationId: string, meta: RequestMeta): Promise<InvitationView> {
  return db.$transaction(async (tx) => {
    const { projectId } = await ownInvitation(tx, actor, invitationId);
    await lockProject(tx, projectId);
    // Read again under the project's lock: a second accept at the same time finds it settled.
    const invitation = await ownInvitation(tx, actor, invitationId);
    const role = invitation.role;
    if (invitationStatus(invitation) === "PENDING") {
      if (!role) {
        throw new Conflict("The role of this invitation no longer exists. Ask the team for a new invitation.", "invitation_role_gone");
      }
      if (await tx.projectMember.findUnique({ where: { projectId_userId: { projectId, userId: actor.userId } } })) {
        throw new Conflict("You are already on this project's team.", "already_member");
      }
    }
    const audit = auditContext(actor, meta);
    await settle(tx, invitation, { status: "ACCEPTED", action: "invitation.accept" }, actor.userId, audit);
    await tx.projectMember.create({ data: { projectId, userId: actor.userId, roleId: role!.id } });
    await recordAudit(tx, audit, {
      action: "member.add",
      targetType: "member",
      targetId: actor.userId,
      projectId,
      changes: { role: { before: null, after: role!.name }, invitationId: { before: null, after: invitation.id } },
    });
    return presentInvitation(await ownInvitation(tx, actor, invitationId));
  });
}

export async function declineInvitation(actor: Actor, invitationId: string, meta: RequestMeta): Promise<InvitationView> {
  return db.$transaction(async (tx) => {
    const invitation = await ownInvitation(tx, actor, invitationId);
    await settle(tx, invitation, { status: "DECLINED", action: "invitation.decline" }, actor.userId, auditContext(actor, meta));
    return presentInvitation(await ownInvitation(tx, actor, invitationId));
  });
}
