import type { Actor, RequestMeta } from "../auth/actor";
import { recordAudit } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import type { ProjectMember, ProjectRole, User } from "../db/generated/client";
import { Conflict, Forbidden, NotFound, RuleViolation, ValidationFailed } from "../errors";
import {
  canAssignRole,
  canBeOwner,
  canDefineRole,
  canManageMember,
  canTransferOwnership,
  OWNER_RANK,
  removesLastOwner,
} from "../permissions";
import { inProject, type ProjectContext } from "../projects/access";
import { withdrawRoleOffer } from "../projects/settings";
import type { AddMemberInput, RoleDefinition } from "./schemas";

type MemberRow = ProjectMember & { role: ProjectRole; user: Pick<User, "id" | "username" | "displayName" | "avatarUrl"> };

function presentMember(member: MemberRow) {
  return {
    userId: member.user.id,
    username: member.user.username,
    displayName: member.user.displayName,
    avatarUrl: member.user.avatarUrl,
    role: { id: member.role.id, key: member.role.key, name: member.role.name, rank: member.role.rank },
    joinedAt: member.createdAt.toISOString(),
  };
}

const MEMBER_INCLUDE = { role: true, user: { select: { id: true, username: true, displayName: true, avatarUrl: true } } } as const;

export async function listMembers(actor: Actor | null, projectId: string) {
  await inProject(actor, projectId, { permission: "members.view" });
  const members = await db.projectMember.findMany({
    where: { projectId },
    include: MEMBER_INCLUDE,
    orderBy: [{ role: { rank: "desc" } }, { createdAt: "asc" }],
  });
  return members.map(presentMember);
}

/** The project's role `roleId` (400 at `roleId` when the project has none such). */
export async function roleOf(tx: Tx, projectId: string, roleId: string): Promise<ProjectRole> {
  const role = await tx.projectRole.findFirst({ where: { id: roleId, projectId } });
  if (!role) throw new ValidationFailed([{ path: "roleId", message: "This role does not exist in the project." }]);
  return role;
}

/** Giving someone `role` (adding, inviting, changing a role): never Owner, and only a role one may grant. */
export function assertMayAssign(context: ProjectContext, role: ProjectRole) {
  if (role.key === "OWNER") throw new RuleViolation("Ownership moves only by transfer.", "owner_by_transfer");
  if (!canAssignRole(context.access, role)) {
    throw new Forbidden("You can only give roles that rank below yours and hold no permission you lack.", "role_escalation");
  }
}

/** The account a member is added or invited by (`userId` or `username`): 400 at that field unless it is active. */
export async function activeAccount(tx: Tx, input: Pick<AddMemberInput, "userId" | "username">) {
  const user = await tx.user.findFirst({ where: input.userId ? { id: input.userId } : { usernameKey: input.username!.toLowerCase() } });
  if (!user || user.suspendedAt || user.deletedAt)
    throw new ValidationFailed([{ path: input.userId ? "userId" : "username", message: "There is no active account with this name." }]);
  return user;
}

/** 409 `already_member` when the user is on the project's team. */
export async function assertNotOnTeam(tx: Tx, projectId: string, userId: string) {
  if (await tx.projectMember.findUnique({ where: { projectId_userId: { projectId, userId } } })) {
    throw new Conflict("This user is already on the team.", "already_member");
  }
}

export async function addMember(actor: Actor, projectId: string, input: AddMemberInput, meta: RequestMeta) {
  return db.$transaction(async (tx) => {
    const context = await inProject(actor, projectId, { permission: "members.manage", client: tx });
    const role = await roleOf(tx, projectId, input.roleId);
    assertMayAssign(context, role);
    const user = await activeAccount(tx, input);
    await assertNotOnTeam(tx, projectId, user.id);
    const member = await tx.projectMember.create({ data: { projectId, userId: user.id, roleId: role.id }, include: MEMBER_INCLUDE });
    await recordAudit(tx, context.audit(meta), {
      action: "member.add",
      targetType: "member",
      targetId: user.id,
      projectId,
      changes: { role: { before: null, after: role.name } },
    });
    return presentMember(member);
  });
}

async function memberOf(tx: Tx, projectId: string, userId: string) {
  const member = await tx.projectMember.findUnique({ where: { projectId_userId: { projectId, userId } }, include: MEMBER_INCLUDE });
  if (!member) throw new NotFound("member");
  return member;
}

export async function changeMemberRole(actor: Actor, projectId: string, userId: string, roleId: string, meta: RequestMeta) {
  return db.$transaction(async (tx) => {
    const context = await inProject(actor, projectId, { permission: "members.manage", client: tx });
    const member = await memberOf(tx, projectId, userId);
    if (!canManageMember(context.access, member.role)) throw new Forbidden("You can only manage members who rank below you.");
    const role = await roleOf(tx, projectId, roleId);
    assertMayAssign(context, role);
    await assertOwnerRemains(tx, projectId, member.role.key, role.key);
    const updated = await tx.projectMember.update({ where: { id: member.id }, data: { roleId: role.id }, include: MEMBER_INCLUDE });
    await recordAudit(tx, context.audit(meta), {
      action: "member.change_role",
      targetType: "member",
      targetId: userId,
      projectId,
      changes: { role: { before: member.role.name, after: role.name } },
    });
    return presentMember(updated);
  });
}

/** The last-Owner rule, on every path that changes or ends a membership (the override included). */
async function assertOwnerRemains(tx: Tx, projectId: string, fromKey: string | null, toKey: string | null) {
  if (fromKey !== "OWNER") return;
  const owners = await tx.projectMember.count({ where: { projectId, role: { key: "OWNER" } } });
  if (removesLastOwner(fromKey, toKey, owners))
    throw new RuleViolation("The last Owner keeps the role. Transfer ownership first.", "last_owner");
}

/** Removes a member, or lets members leave. The last Owner cannot leave. */
export async function removeMember(actor: Actor, projectId: string, userId: string, meta: RequestMeta) {
  await db.$transaction(async (tx) => {
    const context = await inProject(actor, projectId, { client: tx });
    const member = await memberOf(tx, projectId, userId);
    const leaving = userId === actor.userId;
    if (!leaving) {
      if (!context.access.permissions.has("members.manage")) throw new Forbidden("Removing members needs the members.manage permission.");
      if (!canManageMember(context.access, member.role)) throw new Forbidden("You can only remove members who rank below you.");
    }
    await assertOwnerRemains(tx, projectId, member.role.key, null);
    await tx.projectMember.delete({ where: { id: member.id } });
    await recordAudit(tx, context.audit(meta), {
      action: leaving ? "member.leave" : "member.remove",
      targetType: "member",
      targetId: userId,
      projectId,
      changes: { role: { before: member.role.name, after: null } },
    });
  });
}

/**
 * Makes `userId` (an ACTIVE partner) the Owner; the previous Owners become Managers. Done by the
 * effective Owner, or by a Project lead's override (audited as override; moderation never moves ownership).
 */
export async function transferOwnership(actor: Actor, projectId: string, userId: string, meta: RequestMeta) {
  return db.$transaction(async (tx) => {
    const context = await inProject(actor, projectId, { client: tx });
    if (!canTransferOwnership(context.access))
      throw new Forbidden("Only the Owner, or a Project lead's audited override, can transfer ownership.");
    const target = await tx.user.findUnique({ where: { id: userId } });
    if (!target || target.suspendedAt || target.deletedAt || !canBeOwner(target)) {
      throw new RuleViolation("The new Owner must be an account with ACTIVE partner status.", "owner_not_partner");
    }
    const roles = await tx.projectRole.findMany({ where: { projectId, key: { in: ["OWNER", "MANAGER"] } } });
    const ownerRole = roles.find((role) => role.key === "OWNER")!;
    const managerRole = roles.find((role) => role.key === "MANAGER")!;
    const previousOwners = await tx.projectMember.findMany({ where: { projectId, roleId: ownerRole.id, NOT: { userId } } });
    await tx.projectMember.updateMany({
      where: { id: { in: previousOwners.map((member) => member.id) } },
      data: { roleId: managerRole.id },
    });
    await tx.projectMember.upsert({
      where: { projectId_userId: { projectId, userId } },
      create: { projectId, userId, roleId: ownerRole.id },
      update: { roleId: ownerRole.id },
    });
    await recordAudit(tx, context.audit(meta), {
      action: "project.transfer_ownership",
      targetType: "project",
      targetId: projectId,
      projectId,
      changes: { owners: { before: previousOwners.map((member) => member.userId), after: [userId] } },
    });
    return listMembersIn(tx, projectId);
  });
}

async function listMembersIn(tx: Tx, projectId: string) {
  const members = await tx.projectMember.findMany({
    where: { projectId },
    include: MEMBER_INCLUDE,
    orderBy: [{ role: { rank: "desc" } }, { createdAt: "asc" }],
  });
  return members.map(presentMember);
}

// Project roles

function presentRole(role: ProjectRole & { _count: { members: number } }) {
  return {
    id: role.id,
    key: role.key,
    name: role.name,
    rank: role.rank,
    permissions: role.permissions,
    custom: role.key === null,
    memberCount: role._count.members,
  };
}

export async function listRoles(actor: Actor | null, projectId: string) {
  await inProject(actor, projectId, { permission: "members.view" });
  const roles = await db.projectRole.findMany({
    where: { projectId },
    include: { _count: { select: { members: true } } },
    orderBy: [{ rank: "desc" }, { name: "asc" }],
  });
  return roles.map(presentRole);
}

async function assertNameFree(tx: Tx, projectId: string, name: string, exceptRoleId?: string) {
  const taken = await tx.projectRole.findFirst({
    where: { projectId, name: { equals: name, mode: "insensitive" }, NOT: exceptRoleId ? { id: exceptRoleId } : undefined },
  });
  if (taken)
    throw new Conflict("A role with this name exists.", "role_name_taken", {
      errors: [{ path: "name", message: "A role with this name exists." }],
    });
}

type RoleFields = Pick<ProjectRole, "name" | "rank" | "permissions">;

/** A role's definition as its audit entries keep it, whole, from `before` (null when it is created) to `after`. */
function definitionChanges(before: RoleFields | null, after: RoleFields) {
  return {
    name: { before: before?.name ?? null, after: after.name },
    rank: { before: before?.rank ?? null, after: after.rank },
    permissions: { before: before?.permissions ?? null, after: after.permissions },
  };
}

function assertMayDefine(context: ProjectContext, role: { rank: number; permissions: readonly string[] }) {
  if (!canDefineRole(context.access, role)) {
    throw new Forbidden("A role you define must rank below yours and hold only permissions you have.", "role_escalation");
  }
}

export async function createRole(actor: Actor, projectId: string, input: RoleDefinition, meta: RequestMeta) {
  return db.$transaction(async (tx) => {
    const context = await inProject(actor, projectId, { permission: "roles.manage", client: tx });
    assertMayDefine(context, input);
    await assertNameFree(tx, projectId, input.name);
    const role = await tx.projectRole.create({
      data: { projectId, name: input.name, rank: input.rank, permissions: [...new Set(input.permissions)] },
      include: { _count: { select: { members: true } } },
    });
    await recordAudit(tx, context.audit(meta), {
      action: "role.create",
      targetType: "role",
      targetId: role.id,
      projectId,
      changes: definitionChanges(null, role),
    });
    return presentRole(role);
  });
}

/** A role of the project, for a caller who may manage its roles (403), with how many hold it; 404 when the project has no such role. */
async function roleToManage(tx: Tx, actor: Actor, projectId: string, roleId: string) {
  const context = await inProject(actor, projectId, { permission: "roles.manage", client: tx });
  const role = await tx.projectRole.findFirst({ where: { id: roleId, projectId }, include: { _count: { select: { members: true } } } });
  if (!role) throw new NotFound("role");
  return { context, role };
}

/** Edits a role. Owner cannot be edited; default roles keep their names. */
export async function updateRole(actor: Actor, projectId: string, roleId: string, input: RoleDefinition, meta: RequestMeta) {
  return db.$transaction(async (tx) => {
    const { context, role } = await roleToManage(tx, actor, projectId, roleId);
    if (role.key === "OWNER") throw new RuleViolation("The Owner role holds every permission and cannot be edited.", "owner_role_fixed");
    if (role.key !== null && input.name !== role.name) {
      throw new ValidationFailed([{ path: "name", message: "Default roles keep their names." }]);
    }
    assertMayDefine(context, role);
    assertMayDefine(context, input);
    await assertNameFree(tx, projectId, input.name, role.id);
    const updated = await tx.projectRole.update({
      where: { id: role.id },
      data: { name: input.name, rank: Math.min(input.rank, OWNER_RANK - 1), permissions: [...new Set(input.permissions)] },
      include: { _count: { select: { members: true } } },
    });
    await recordAudit(tx, context.audit(meta), {
      action: "role.update",
      targetType: "role",
      targetId: role.id,
      projectId,
      changes: definitionChanges(role, updated),
    });
    return presentRole(updated);
  });
}

/** Deletes a custom role. Members holding it: refused with 409, or moved to Member when asked. */
export async function deleteRole(actor: Actor, projectId: string, roleId: string, members: "refuse" | "moveToMember", meta: RequestMeta) {
  await db.$transaction(async (tx) => {
    const { context, role } = await roleToManage(tx, actor, projectId, roleId);
    if (role.key !== null) throw new RuleViolation("Default roles cannot be deleted.", "default_role");
    assertMayDefine(context, role);
    if (role._count.members > 0) {
      if (members === "refuse") {
        throw new Conflict(
          `${role._count.members} member(s) hold this role. Give them another role, or delete with ?members=moveToMember.`,
          "role_in_use",
          {
            memberCount: role._count.members,
          },
        );
      }
      const member = await tx.projectRole.findFirstOrThrow({ where: { projectId, key: "MEMBER" } });
      await tx.projectMember.updateMany({ where: { roleId: role.id }, data: { roleId: member.id } });
    }
    await tx.projectRole.delete({ where: { id: role.id } });
    await withdrawRoleOffer(tx, context.project, role.id);
    await recordAudit(tx, context.audit(meta), {
      action: "role.delete",
      targetType: "role",
      targetId: role.id,
      projectId,
      changes: { name: { before: role.name, after: null }, movedMembers: { before: null, after: role._count.members } },
    });
  });
}

/** Whether the user is on any project's team (where sign-in leads them: lib/portal/navigation.ts). */
export async function isOnAnyTeam(userId: string): Promise<boolean> {
  return (await db.projectMember.findFirst({ where: { userId }, select: { projectId: true } })) !== null;
}

/**
 * Accounts the ownership may go to, for the Transfer ownership search-as-you-type: as the add-member
 * search (username prefix or display name, public profile only), but only accounts that may own a
 * project (canBeOwner: an ACTIVE partner, members or not) and not an Owner already. Only for those
 * who may transfer.
 */
export async function searchOwnerCandidates(actor: Actor, projectId: string, query: string) {
  const context = await inProject(actor, projectId);
  if (!canTransferOwnership(context.access))
    throw new Forbidden("Only the Owner, or a Project lead's audited override, can transfer ownership.");
  const q = query.trim();
  if (q.length < 2) return [];
  const users = await db.user.findMany({
    where: {
      suspendedAt: null,
      deletedAt: null,
      partnerStatus: "ACTIVE",
      OR: [{ usernameKey: { startsWith: q.toLowerCase() } }, { displayName: { contains: q, mode: "insensitive" } }],
      memberships: { none: { projectId, role: { key: "OWNER" } } },
    },
    select: { id: true, username: true, displayName: true, avatarUrl: true, partnerStatus: true, platformRoles: true },
    orderBy: [{ usernameKey: "asc" }],
    take: CANDIDATE_LIMIT,
  });
  return users
    .filter(canBeOwner)
    .map((user) => ({ userId: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarUrl }));
}

/** How many accounts the "add member" search offers at most. */
export const CANDIDATE_LIMIT = 8;

/**
 * Accounts a member manager may add, for the team page's search-as-you-type: active accounts whose
 * username starts with `query` or whose display name contains it, not on the team yet. Only the
 * public profile (as `GET /users/{id}` gives everyone); never an e-mail address, and never matched on one.
 */
export async function searchMemberCandidates(actor: Actor, projectId: string, query: string) {
  await inProject(actor, projectId, { permission: "members.manage" });
  const q = query.trim();
  if (q.length < 2) return [];
  const users = await db.user.findMany({
    where: {
      suspendedAt: null,
      OR: [{ usernameKey: { startsWith: q.toLowerCase() } }, { displayName: { contains: q, mode: "insensitive" } }],
      memberships: { none: { projectId } },
    },
    select: { id: true, username: true, displayName: true, avatarUrl: true },
    orderBy: [{ usernameKey: "asc" }],
    take: CANDIDATE_LIMIT,
  });
  return users.map((user) => ({ userId: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarUrl }));
}
