import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { invalidateCallers } from "../auth/caller-cache";
import { removeUnusedAvatar, storedAvatarId } from "../users/avatar";
import { confirmPassword } from "../auth/password-check";
import { consumeSecondFactor } from "../auth/two-factor";
import { recordAudit, type AuditContext, type FieldChanges } from "../audit-log/record";
import { db, type Prisma, type Tx } from "../db/client";
import type { User } from "../db/generated/client";
import { Conflict, Forbidden, NotFound, PreconditionFailed, RuleViolation, ValidationFailed } from "../errors";
import { canDeleteAccountOf, hasPlatformPermission } from "../permissions";
import { DELETED_DISPLAY_NAME, DELETED_USERNAME, tombstoneKey, USERNAME_QUARANTINE_DAYS } from "../users/deleted";
import { liveAccount, liveUser } from "../users/live";
import { assertAnotherProjectLead } from "../users/service";
import type { DeleteOwnAccountInput } from "./schemas";

/**
 * Account deletion (GDPR article 17; DESIGN §8.2 "Data rights"; docs/privacy.md). The user with the
 * password (and a code when two-factor sign-in is on), or staff with `users.delete`
 * (`canDeleteAccountOf`). One transaction erases the account and writes its audit entry:
 * - refused with 409 `sole_owner` while the user is the last Owner of a project that is not deleted;
 * - sessions and tokens end (their rows are deleted: they held addresses and user agents);
 * - personal data is erased: the profile fields, password hash, two-factor key and recovery codes,
 *   devices, login history, notifications, follows, notification settings, pending e-mail changes,
 *   reset and verification links, mail still in the outbox to the address, sign-in challenges,
 *   stored idempotent answers, partner-status history, and warnings about the account;
 * - memberships are removed (each audited, so the projects' logs and webhooks hear of it),
 *   pending applications withdrawn and pending invitations declined;
 * - what the user wrote or decided stays (announcements, decided applications, reviews, project
 *   webhooks they created), named "Deleted user";
 * - audit entries keep only the id: the user's own entries lose their address, entries about the
 *   user lose the address and the values of personal fields;
 * - the row stays as a tombstone (`deletedAt`) holding the old username key for
 *   USERNAME_QUARANTINE_DAYS, after which the retention job (lib/privacy/retention.ts) lets it go.
 */

/** `changes` fields of audit entries about a deleted user that say nothing personal; every other value is erased. */
const IMPERSONAL_AUDIT_FIELDS = new Set(["platformRoles", "partnerStatus", "suspended", "role", "status", "scopes", "deletedAt"]);
export const ERASED_VALUE = "[erased]";

export interface DeletionResult {
  id: string;
  deletedAt: string;
  sessionsEnded: number;
  tokensRevoked: number;
  membershipsRemoved: number;
  applicationsWithdrawn: number;
}

/** DELETE /users/me: password (rate limited like every password check) and, with 2FA on, a code. */
export async function deleteOwnAccount(actor: Actor, input: DeleteOwnAccountInput, ifMatch: number | null, meta: RequestMeta) {
  const user = await liveAccount(actor.userId);
  if (!(await confirmPassword(user, input.password, meta))) {
    throw new ValidationFailed([{ path: "password", message: "The password is wrong." }]);
  }
  if (user.totpEnabledAt) {
    if (!input.otp) {
      throw new ValidationFailed([
        { path: "otp", message: "Two-factor sign-in is on: enter a code of your authenticator app or a recovery code." },
      ]);
    }
    if (!(await consumeSecondFactor(user, input.otp))) {
      throw new ValidationFailed([{ path: "otp", message: "The code is wrong, expired or used already." }]);
    }
  }
  // Nobody else is named: the user's own address and agent would be erased at once.
  return eraseAccount(user.id, { ...auditContext(actor, meta), ip: null }, ifMatch);
}

/** DELETE /users/{id}: staff with `users.delete`, never themselves, within the rank rule. */
export async function deleteAccountAsStaff(actor: Actor, id: string, ifMatch: number | null, meta: RequestMeta) {
  const target = await liveUser(id);
  if (!hasPlatformPermission(actor, "users.delete")) throw new Forbidden("Deleting accounts needs the users.delete permission.");
  if (actor.userId === target.id) {
    throw new RuleViolation("Delete your own account on your account page (DELETE /users/me, with your password).", "self_deletion");
  }
  if (!canDeleteAccountOf(actor, target)) {
    throw new Forbidden("A Team lead can delete only accounts that rank below Team lead.", "account_rank");
  }
  return eraseAccount(target.id, auditContext(actor, meta), ifMatch);
}

/** The projects (not deleted) of which the user is the only Owner. */
export async function soleOwnedProjects(client: Tx | typeof db, userId: string) {
  const owned = await client.projectMember.findMany({
    where: { userId, role: { key: "OWNER" }, project: { deletedAt: null } },
    select: { project: { select: { id: true, slug: true, name: true } } },
  });
  const sole = [];
  for (const { project } of owned) {
    const owners = await client.projectMember.count({ where: { projectId: project.id, role: { key: "OWNER" } } });
    if (owners <= 1) sole.push(project);
  }
  return sole;
}

async function eraseAccount(userId: string, audit: AuditContext, ifMatch: number | null): Promise<DeletionResult> {
  let picture: string | null = null;
  const result = await db.$transaction(async (tx) => {
    // One deletion at a time per account: the second waits here and then finds the tombstone.
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    const user = await tx.user.findUnique({ where: { id: userId } });
    if (!user || user.deletedAt) throw new NotFound(audit.actorId === userId ? "account" : "user");
    if (ifMatch !== null && ifMatch !== user.version) throw new PreconditionFailed();
    const sole = await soleOwnedProjects(tx, userId);
    if (sole.length) {
      throw new Conflict(
        `You are the only Owner of ${sole.map((project) => project.name).join(", ")}. Transfer the ownership of each to another member ` +
          "with ACTIVE partner status first (the project's Team page, or POST /projects/{id}/transfer-ownership), or delete the project.",
        "sole_owner",
        { projects: sole },
      );
    }
    if (user.platformRoles.includes("PROJECT_LEAD")) await assertAnotherProjectLead(tx, userId);
    picture = storedAvatarId(userId, user.avatarUrl);
    return erase(tx, user, audit);
  });
  await invalidateCallers([userId]);
  // The uploaded picture's row and bytes, once the account no longer points at them.
  await removeUnusedAvatar(userId, picture);
  return result;
}

/** A table whose rows each belong to one account (`userId`). */
interface AccountRows {
  deleteMany(args: { where: { userId: string } }): PromiseLike<unknown>;
}

/**
 * The tables whose rows are the account's own and go with it, in the order they are emptied:
 * tokens first without their parents' cascade order mattering (one statement removes the whole tree).
 */
function accountsOwnRows(tx: Tx): AccountRows[] {
  return [
    tx.apiToken,
    tx.userSession,
    tx.device,
    tx.loginEvent,
    tx.recoveryCode,
    tx.signInChallenge,
    tx.passwordResetToken,
    tx.emailVerificationToken,
    tx.notification,
    tx.projectFollow,
    tx.warning,
    tx.partnerStatusChange,
    tx.idempotencyKey,
  ];
}

async function erase(tx: Tx, user: User, audit: AuditContext): Promise<DeletionResult> {
  const userId = user.id;
  const now = new Date();
  const [sessions, tokens, devices] = await Promise.all([
    tx.userSession.findMany({ where: { userId }, select: { id: true, revokedAt: true, expiresAt: true } }),
    tx.apiToken.findMany({ where: { userId }, select: { id: true, revokedAt: true, expiresAt: true } }),
    tx.device.findMany({ where: { userId }, select: { id: true } }),
  ]);
  const live = (row: { revokedAt: Date | null; expiresAt: Date }) => row.revokedAt === null && row.expiresAt > now;

  // Memberships (the last-Owner check came first), pending invitations and applications, each audited for its project.
  const memberships = await tx.projectMember.findMany({ where: { userId }, include: { role: true } });
  for (const member of memberships) {
    await tx.projectMember.delete({ where: { id: member.id } });
    await recordAudit(tx, audit, {
      action: audit.actorId === userId ? "member.leave" : "member.remove",
      targetType: "member",
      targetId: userId,
      projectId: member.projectId,
      changes: { role: { before: member.role.name, after: null } },
    });
  }
  // Invitations still waiting for the account's answer are declined (the team sees the answer),
  // its pending applications withdrawn.
  const invited = await tx.projectInvitation.findMany({ where: { userId, status: "PENDING" }, select: { id: true, projectId: true } });
  await tx.projectInvitation.updateMany({
    where: { id: { in: invited.map((row) => row.id) } },
    data: { status: "DECLINED", decidedAt: now, decidedById: userId },
  });
  await auditClosed(tx, audit, invited, { action: "invitation.decline", targetType: "invitation", status: "DECLINED" });
  const pending = await tx.application.findMany({ where: { userId, status: "PENDING" }, select: { id: true, projectId: true } });
  await tx.application.updateMany({ where: { id: { in: pending.map((row) => row.id) } }, data: { status: "WITHDRAWN", decidedAt: now } });
  await auditClosed(tx, audit, pending, { action: "application.withdraw", targetType: "application", status: "WITHDRAWN" });

  for (const table of accountsOwnRows(tx)) await table.deleteMany({ where: { userId } });
  await tx.outboxMail.deleteMany({ where: { to: user.email } });

  await stripAuditEntries(
    tx,
    userId,
    [...sessions, ...tokens, ...devices].map((row) => row.id),
  );

  const key = tombstoneKey(userId);
  await tx.user.update({
    where: { id: userId },
    data: {
      username: DELETED_USERNAME,
      usernameKey: key,
      displayName: DELETED_DISPLAY_NAME,
      email: key,
      emailVerifiedAt: null,
      // No Argon2 hash: nothing can ever match it (and sign-in never gets this far for a tombstone).
      passwordHash: "",
      dateOfBirth: null,
      avatarUrl: null,
      language: null,
      settings: {},
      notificationSettings: {},
      platformRoles: ["USER"],
      partnerStatus: "NONE",
      suspendedAt: null,
      suspendedReason: null,
      sessionVersion: { increment: 1 },
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      failedLoginCount: 0,
      lastFailedLoginAt: null,
      lockedUntil: null,
      version: { increment: 1 },
      deletedAt: now,
      reservedUsernameKey: user.usernameKey,
      usernameReservedUntil: new Date(now.getTime() + USERNAME_QUARANTINE_DAYS * 86_400_000),
    },
  });
  const result: DeletionResult = {
    id: userId,
    deletedAt: now.toISOString(),
    sessionsEnded: sessions.filter(live).length,
    tokensRevoked: tokens.filter(live).length,
    membershipsRemoved: memberships.length,
    applicationsWithdrawn: pending.length,
  };
  await recordAudit(tx, audit, {
    action: "user.delete",
    targetType: "user",
    targetId: userId,
    changes: {
      deletedAt: { before: null, after: result.deletedAt },
      sessions: { before: result.sessionsEnded, after: 0 },
      tokens: { before: result.tokensRevoked, after: 0 },
      memberships: { before: result.membershipsRemoved, after: 0 },
    },
  });
  return result;
}

/** One audit entry per pending row (an invitation or application) the deletion closed, in its project's log. */
async function auditClosed(
  tx: Tx,
  audit: AuditContext,
  rows: { id: string; projectId: string }[],
  closed: { action: string; targetType: string; status: string },
) {
  for (const row of rows) {
    await recordAudit(tx, audit, {
      action: closed.action,
      targetType: closed.targetType,
      targetId: row.id,
      projectId: row.projectId,
      changes: { status: { before: "PENDING", after: closed.status } },
    });
  }
}

/**
 * Audit entries keep only the id: the deleted user's own entries lose their address; entries about
 * the user (the account, its memberships, sessions, tokens and devices) also lose the values of
 * every field but IMPERSONAL_AUDIT_FIELDS.
 */
async function stripAuditEntries(tx: Tx, userId: string, ownIds: string[]) {
  await tx.auditEntry.updateMany({ where: { actorId: userId, ip: { not: null } }, data: { ip: null } });
  const about = await tx.auditEntry.findMany({
    where: { OR: [{ targetType: { in: ["user", "member"] }, targetId: userId }, ...(ownIds.length ? [{ targetId: { in: ownIds } }] : [])] },
    select: { id: true, changes: true },
  });
  for (const entry of about) {
    const changes: FieldChanges = {};
    for (const [field, change] of Object.entries((entry.changes ?? {}) as FieldChanges)) {
      changes[field] = IMPERSONAL_AUDIT_FIELDS.has(field) ? change : { before: ERASED_VALUE, after: ERASED_VALUE };
    }
    await tx.auditEntry.update({ where: { id: entry.id }, data: { ip: null, changes: changes as Prisma.InputJsonValue } });
  }
}
