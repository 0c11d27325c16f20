import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { invalidateCallers } from "../auth/caller-cache";
import { confirmPassword } from "../auth/password-check";
import { assertAcceptablePassword } from "../auth/password-policy";
import { hashPassword } from "../auth/passwords";
import { enforceForAddress, RATE_LIMITS } from "../rate-limit";
import { newSecret, sha256 } from "../auth/secrets";
import { auditContextOf, changedFields, recordAudit } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import type { Prisma, User } from "../db/generated/client";
import { Conflict, Forbidden, PreconditionFailed, RuleViolation, ValidationFailed } from "../errors";
import { afterPosition, decodeCursor, NEWEST_FIRST, toPage } from "../http/pagination";
import { MAIL_SECRET } from "../mail/delivery";
import { publicBaseUrl, queueMail, queueSecurityNotice } from "../mail/outbox";
import {
  canEditProfileOf,
  canGrantPlatformRole,
  canManageRolesOf,
  canSetPartnerStatusOf,
  canSuspend,
  hasPlatformPermission,
  type PlatformRole,
} from "../permissions";
import { assertAvatarUrlKept, removeUnusedAvatar, storedAvatarId } from "./avatar";
import { isUsernameQuarantined } from "./deleted";
import { liveAccount, liveUser } from "./live";
import { displayNames, presentFullUser, presentOwnAccount, presentPublicProfile } from "./present";
import type { RegisterInput, StaffUpdateUserInput, UpdateOwnAccountInput } from "./schemas";

const VERIFICATION_TTL_MS = 24 * 3600_000;

/**
 * Registration is limited per address here, so the API and the portal's sign-up share one budget.
 * The account's language: the one the input names (null: follow the browser), else `language`, the
 * one the person signed up in (the portal's, from their choice there or their browser; the API's,
 * from Accept-Language), so a German sign-up lands on a German account and mails reach it in
 * German; where none of ours is known, null: the account follows the browser (docs/i18n.md).
 */
export async function registerUser(input: RegisterInput, meta: RequestMeta, language: string | null = null) {
  if (meta.ip) await enforceForAddress(RATE_LIMITS.registerPerIp, meta.ip);
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const chosenLanguage = input.language !== undefined ? input.language : language;
  return db.$transaction(async (tx) => {
    await assertFree(tx, { username: input.username, email: input.email });
    const user = await tx.user.create({
      data: {
        username: input.username,
        usernameKey: input.username.toLowerCase(),
        email: input.email,
        displayName: input.displayName,
        passwordHash,
        language: chosenLanguage,
      },
    });
    await recordAudit(tx, auditContextOf(user.id, "SYSTEM", meta), {
      action: "user.register",
      targetType: "user",
      targetId: user.id,
      changes: changedFields({}, { username: user.username, email: user.email, displayName: user.displayName }),
    });
    await sendVerification(tx, user, user.email);
    return user;
  });
}

/** 409 with the field that is taken; callers inside a transaction so the check and the write stay together. */
async function assertFree(tx: Tx, fields: { username?: string; email?: string }, exceptUserId?: string) {
  const errors = [];
  if (fields.username) {
    const taken = await tx.user.findUnique({ where: { usernameKey: fields.username.toLowerCase() }, select: { id: true } });
    if (taken && taken.id !== exceptUserId) errors.push({ path: "username", message: "This username is taken." });
    // A deleted account's username stays reserved for a while (docs/privacy.md, "Quarantine").
    else if (!taken && (await isUsernameQuarantined(tx, fields.username))) {
      errors.push({ path: "username", message: "This username is taken." });
    }
  }
  if (fields.email) {
    const taken = await tx.user.findUnique({ where: { email: fields.email }, select: { id: true } });
    if (taken && taken.id !== exceptUserId) errors.push({ path: "email", message: "An account with this e-mail address exists." });
  }
  if (errors.length) throw new Conflict(errors.map((error) => error.message).join(" "), "taken", { errors });
}

export async function sendVerification(tx: Tx, user: User, email: string) {
  const token = newSecret("pmv_");
  const expiresAt = new Date(Date.now() + VERIFICATION_TTL_MS);
  await tx.emailVerificationToken.create({ data: { userId: user.id, email, tokenHash: sha256(token), expiresAt } });
  await queueMail(tx, {
    to: email,
    language: user.language,
    template: "verifyEmail",
    data: { name: user.displayName, email, link: `${publicBaseUrl()}/verify-email?token=${MAIL_SECRET}` },
    secret: { value: token, expiresAt },
  });
}

/**
 * The portal's confirmation page (a link from the mail): the same per-address limit as the API's
 * POST /auth/verify-email, which its route counts before it reads the body.
 */
export async function verifyEmailFromLink(token: string, meta: RequestMeta) {
  if (meta.ip) await enforceForAddress(RATE_LIMITS.verifyEmailPerIp, meta.ip);
  await verifyEmail(token, meta);
}

export async function verifyEmail(token: string, meta: RequestMeta) {
  await db.$transaction(async (tx) => {
    const row = await tx.emailVerificationToken.findUnique({ where: { tokenHash: sha256(token) } });
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) {
      throw new RuleViolation("This link is invalid or has expired. Request a new one.", "invalid_token");
    }
    const user = await tx.user.findUniqueOrThrow({ where: { id: row.userId } });
    await assertFree(tx, { email: row.email }, user.id);
    await tx.emailVerificationToken.update({ where: { id: row.id }, data: { usedAt: new Date() } });
    if (row.email !== user.email) await voidAddressProofs(tx, user.id);
    await tx.user.update({
      where: { id: user.id },
      data: { email: row.email, emailVerifiedAt: new Date(), version: { increment: 1 } },
    });
    await recordAudit(tx, auditContextOf(user.id, "SYSTEM", meta), {
      action: "user.email_verified",
      targetType: "user",
      targetId: user.id,
      changes: changedFields({ email: user.email }, { email: row.email }),
    });
  });
}

/**
 * An address change (asked for, or confirmed) voids the links still out: password-reset links,
 * which went to the old address, and the verification links sent before (the old address's and
 * those of an earlier change), so only the newest address can still be confirmed.
 */
async function voidAddressProofs(tx: Tx, userId: string) {
  const now = new Date();
  await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  await tx.emailVerificationToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
}

/** The newest address waiting for its link to be opened (an e-mail change), other than `email`, or null. */
export async function pendingEmailOf(userId: string, email: string, client: Tx | typeof db = db) {
  const pending = await client.emailVerificationToken.findFirst({
    where: { userId, usedAt: null, expiresAt: { gt: new Date() }, NOT: { email } },
    orderBy: { createdAt: "desc" },
    select: { email: true },
  });
  return pending?.email ?? null;
}

export async function getOwnAccount(actor: Actor) {
  const user = await liveAccount(actor.userId);
  return { user, account: presentOwnAccount(user, await pendingEmailOf(user.id, user.email)) };
}

export async function updateOwnAccount(actor: Actor, input: UpdateOwnAccountInput, expectedVersion: number, meta: RequestMeta) {
  const current = await liveAccount(actor.userId);
  const emailChange = input.email !== undefined && input.email !== current.email;
  if (emailChange && !(await confirmPassword(current, input.currentPassword ?? "", meta))) {
    throw new ValidationFailed([{ path: "currentPassword", message: "The password is wrong." }]);
  }
  const data: Prisma.UserUpdateInput = {};
  if (input.username !== undefined) Object.assign(data, { username: input.username, usernameKey: input.username.toLowerCase() });
  if (input.displayName !== undefined) data.displayName = input.displayName;
  if (input.dateOfBirth !== undefined) data.dateOfBirth = input.dateOfBirth ? new Date(`${input.dateOfBirth}T00:00:00Z`) : null;
  assertAvatarUrlKept(current.avatarUrl, input.avatarUrl);
  if (input.avatarUrl !== undefined) data.avatarUrl = input.avatarUrl;
  if (input.language !== undefined) data.language = input.language;
  if (input.settings !== undefined) data.settings = { ...presentOwnAccount(current).settings, ...input.settings };

  const user = await db.$transaction(async (tx) => {
    if (input.username !== undefined) await assertFree(tx, { username: input.username }, current.id);
    if (emailChange) await assertFree(tx, { email: input.email }, current.id);
    const updated = await versionedUpdate(tx, current.id, expectedVersion, data);
    await recordAudit(tx, auditContext(actor, meta), {
      action: "user.update_own",
      targetType: "user",
      targetId: current.id,
      changes: changedFields(comparable(current), comparable(updated)),
    });
    if (emailChange) {
      await voidAddressProofs(tx, current.id);
      await sendVerification(tx, updated, input.email!);
      // To the address in use, which stays until the new one is confirmed.
      await queueSecurityNotice(tx, current, "emailChangeRequested", { newEmail: input.email! });
    }
    return updated;
  });
  await invalidateCallers([current.id]);
  await removeUnusedAvatar(current.id, storedAvatarId(current.id, current.avatarUrl));
  return { user, account: presentOwnAccount(user, await pendingEmailOf(user.id, user.email)) };
}

/** Applies `data` only if the row still has `expectedVersion`, raising the version; 412 otherwise. */
async function versionedUpdate(tx: Tx, id: string, expectedVersion: number, data: Prisma.UserUpdateInput) {
  const { count } = await tx.user.updateMany({
    where: { id, version: expectedVersion },
    data: { ...(data as Prisma.UserUpdateManyMutationInput), version: { increment: 1 } },
  });
  if (count === 0) throw new PreconditionFailed();
  return tx.user.findUniqueOrThrow({ where: { id } });
}

/** The fields of a user that the audit log compares. */
function comparable(user: User) {
  return {
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    dateOfBirth: user.dateOfBirth?.toISOString().slice(0, 10) ?? null,
    avatarUrl: user.avatarUrl,
    language: user.language,
    settings: user.settings,
    platformRoles: user.platformRoles,
    partnerStatus: user.partnerStatus,
    suspended: user.suspendedAt !== null,
  };
}

/**
 * Public profile for everyone; the full record for users.readAny (token callers also need the admin
 * scope). A deleted account is 404 to everyone: only its id lives on (docs/privacy.md).
 */
export async function getUser(viewer: Actor | null, id: string) {
  const user = await liveUser(id);
  const full = canReadFullRecords(viewer);
  return { user, body: full ? presentFullUser(user) : presentPublicProfile(user) };
}

export function canReadFullRecords(viewer: Actor | null): boolean {
  return hasPlatformPermission(viewer, "users.readAny");
}

export async function searchUsers(
  viewer: Actor,
  query: { q?: string; role?: PlatformRole; partnerStatus?: User["partnerStatus"]; suspended?: boolean; limit: number; cursor?: string },
) {
  if (!canReadFullRecords(viewer)) throw new Forbidden("Searching users needs the users.readAny permission.");
  const where: Prisma.UserWhereInput = {
    AND: [
      { deletedAt: null },
      query.q
        ? {
            OR: [
              { usernameKey: { contains: query.q.toLowerCase() } },
              { displayName: { contains: query.q, mode: "insensitive" } },
              { email: { contains: query.q.toLowerCase() } },
            ],
          }
        : {},
      query.role ? { platformRoles: { has: query.role } } : {},
      query.partnerStatus ? { partnerStatus: query.partnerStatus } : {},
      query.suspended === undefined ? {} : query.suspended ? { suspendedAt: { not: null } } : { suspendedAt: null },
      afterPosition(decodeCursor(query.cursor)),
    ],
  };
  const rows = await db.user.findMany({ where, orderBy: NEWEST_FIRST, take: query.limit + 1 });
  return toPage(rows, query.limit, presentFullUser);
}

/**
 * Staff changes to another account. Each field needs its own permission; role changes follow
 * the no-escalation rules; the last Project lead keeps the role; suspension ends every session
 * and token of the account at once.
 */
export async function updateUserAsStaff(actor: Actor, id: string, input: StaffUpdateUserInput, expectedVersion: number, meta: RequestMeta) {
  const target = await liveUser(id);
  const audit = auditContext(actor, meta);
  const data: Prisma.UserUpdateInput = {};

  const profileChange = input.username !== undefined || input.displayName !== undefined || input.avatarUrl !== undefined;
  if (profileChange) {
    requirePermission(actor, "users.manage", "Editing other users' profiles needs the users.manage permission.");
    if (!canEditProfileOf(actor, target)) throw new Forbidden("You can only edit the profiles of users who rank below you.");
    if (input.username !== undefined) Object.assign(data, { username: input.username, usernameKey: input.username.toLowerCase() });
    if (input.displayName !== undefined) data.displayName = input.displayName;
    assertAvatarUrlKept(target.avatarUrl, input.avatarUrl);
    if (input.avatarUrl !== undefined) data.avatarUrl = input.avatarUrl;
  }
  if (input.platformRoles !== undefined) {
    const roles = [...new Set(input.platformRoles)];
    assertMayChangeRoles(actor, target, roles);
    data.platformRoles = roles;
  }
  const partnerChange = input.partnerStatus !== undefined && input.partnerStatus !== target.partnerStatus;
  if (input.partnerStatus !== undefined || input.partnerNote !== undefined) {
    requirePermission(actor, "users.partner", "Setting partner status needs the users.partner permission.");
    if (!canSetPartnerStatusOf(actor, target))
      throw new Forbidden("Nobody sets their own partner status, nor that of someone of equal or higher rank.", "partner_status_rank");
    if (partnerChange) data.partnerStatus = input.partnerStatus;
  }
  const suspensionChange = input.suspended !== undefined && input.suspended !== (target.suspendedAt !== null);
  if (input.suspended !== undefined) {
    requirePermission(actor, "users.suspend", "Suspending accounts needs the users.suspend permission.");
    if (suspensionChange) assertMaySuspend(actor, target);
    if (input.suspended && suspensionChange) {
      Object.assign(data, { suspendedAt: new Date(), suspendedReason: input.suspensionReason ?? null, sessionVersion: { increment: 1 } });
    } else if (!input.suspended && suspensionChange) {
      Object.assign(data, { suspendedAt: null, suspendedReason: null });
    }
  }

  const user = await db.$transaction(async (tx) => {
    if (input.username !== undefined) await assertFree(tx, { username: input.username }, target.id);
    if (
      input.platformRoles !== undefined &&
      target.platformRoles.includes("PROJECT_LEAD") &&
      !input.platformRoles.includes("PROJECT_LEAD")
    ) {
      await assertAnotherProjectLead(tx, target.id);
    }
    const updated = await versionedUpdate(tx, target.id, expectedVersion, data);
    if (partnerChange) {
      await tx.partnerStatusChange.create({
        data: {
          userId: target.id,
          from: target.partnerStatus,
          to: input.partnerStatus!,
          actorId: actor.userId,
          note: input.partnerNote ?? null,
        },
      });
    }
    if (input.suspended && suspensionChange) {
      await tx.apiToken.updateMany({ where: { userId: target.id, revokedAt: null }, data: { revokedAt: new Date() } });
      await tx.userSession.updateMany({
        where: { userId: target.id, revokedAt: null },
        data: { revokedAt: new Date(), revokedReason: "suspended" },
      });
    }
    await recordAudit(tx, audit, {
      action: "user.update_by_staff",
      targetType: "user",
      targetId: target.id,
      changes: changedFields(comparable(target), comparable(updated)),
    });
    return updated;
  });
  // Roles, partner status, suspension and profile are part of every cached caller of this user.
  await invalidateCallers([target.id]);
  await removeUnusedAvatar(target.id, storedAvatarId(target.id, target.avatarUrl));
  return { user, body: presentFullUser(user) };
}

function requirePermission(actor: Actor, permission: Parameters<typeof hasPlatformPermission>[1], message: string) {
  if (!hasPlatformPermission(actor, permission)) throw new Forbidden(message);
}

function assertMayChangeRoles(actor: Actor, target: User, roles: PlatformRole[]) {
  requirePermission(actor, "users.roles", "Changing platform roles needs the users.roles permission.");
  if (!canManageRolesOf(actor, target)) throw new Forbidden("You can only change the roles of users who rank below you.");
  const added = roles.filter((role) => !target.platformRoles.includes(role));
  const removed = target.platformRoles.filter((role) => !roles.includes(role));
  const refused = [...added, ...removed].filter((role) => !canGrantPlatformRole(actor, role));
  if (refused.length) throw new Forbidden(`You cannot grant or revoke: ${refused.join(", ")}.`, "role_escalation");
  if (actor.userId === target.id && removed.length) {
    throw new RuleViolation("You cannot remove your own platform roles. Ask another member of the platform team.", "self_demotion");
  }
}

function assertMaySuspend(actor: Actor, target: User) {
  if (actor.userId === target.id) throw new RuleViolation("You cannot suspend your own account.", "self_suspension");
  if (!canSuspend(actor, target)) throw new Forbidden("You can only suspend users who rank below you.");
}

/** The last active Project lead keeps the role (and the account: lib/privacy/deletion.ts asks this too). */
export async function assertAnotherProjectLead(tx: Tx, exceptUserId: string) {
  const others = await tx.user.count({
    where: { platformRoles: { has: "PROJECT_LEAD" }, suspendedAt: null, deletedAt: null, NOT: { id: exceptUserId } },
  });
  if (others === 0) throw new RuleViolation("The last Project lead cannot lose the role.", "last_project_lead");
}

/** The id of an active account, by username (any case), or null. */
export async function findActiveUserId(username: string): Promise<string | null> {
  const user = await db.user.findUnique({
    where: { usernameKey: username.toLowerCase() },
    select: { id: true, suspendedAt: true, deletedAt: true },
  });
  return user && !user.suspendedAt && !user.deletedAt ? user.id : null;
}

/** Who changed a user's partner status, when and why. */
export async function partnerHistory(viewer: Actor, userId: string) {
  if (!canReadFullRecords(viewer)) throw new Forbidden("The partner history needs the users.readAny permission.");
  await liveUser(userId);
  const changes = await db.partnerStatusChange.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, take: 100 });
  const names = await displayNames(
    db,
    changes.map((change) => change.actorId),
  );
  return changes.map((change) => ({
    at: change.createdAt.toISOString(),
    from: change.from,
    to: change.to,
    note: change.note,
    by: change.actorId ? (names.get(change.actorId) ?? null) : null,
  }));
}
