import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import type { User } from "../db/generated/client";
import { auditVisibility, redactAuditEntry, WARNING_TARGET_TYPES } from "../permissions";
import { enforce, RATE_LIMITS } from "../rate-limit";
import type { DataExport } from "./schemas";
import { liveAccount } from "../users/live";

/**
 * The columns of User that the export leaves out, each with the reason (docs/privacy.md). A test
 * compares User's columns with the export's account keys and this list: a new column fails it until
 * it is exported or named here.
 */
export const ACCOUNT_EXPORT_EXCLUDED: Record<string, string> = {
  passwordHash: "a secret (the Argon2id hash of the password)",
  totpSecret: "a secret (the two-factor key); `totpEnabledAt` says whether it is on",
  totpLastStep: "a counter of the two-factor replay check, no information about the person",
  usernameKey: "the username in lower case, for uniqueness",
  sessionVersion: "a counter that ends sessions at once, no information about the person",
  version: "the optimistic-lock counter of the row",
  deletedAt: "always empty for an account that can still export",
  reservedUsernameKey: "always empty for an account that can still export",
  usernameReservedUntil: "always empty for an account that can still export",
};

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

function exportAccount(user: User): DataExport["account"] {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    emailVerifiedAt: isoOrNull(user.emailVerifiedAt),
    dateOfBirth: user.dateOfBirth?.toISOString().slice(0, 10) ?? null,
    avatarUrl: user.avatarUrl,
    language: user.language,
    settings: user.settings,
    notificationSettings: user.notificationSettings,
    platformRoles: user.platformRoles,
    partnerStatus: user.partnerStatus,
    suspendedAt: isoOrNull(user.suspendedAt),
    suspendedReason: user.suspendedReason,
    totpEnabledAt: isoOrNull(user.totpEnabledAt),
    failedLoginCount: user.failedLoginCount,
    lastFailedLoginAt: isoOrNull(user.lastFailedLoginAt),
    lockedUntil: isoOrNull(user.lockedUntil),
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
  };
}

const PROJECT_REF = { select: { id: true, slug: true, name: true } } as const;

/**
 * Everything the service holds about the caller (GDPR articles 15 and 20), as one JSON document.
 * Left out: secrets (password hash, two-factor key, recovery codes, token hashes, link tokens) and
 * the platform team's internal records (warnings, internal notes on partner status), which DESIGN
 * §6 keeps invisible to the user (docs/privacy.md says why). Limited per account.
 */
export async function exportOwnData(actor: Actor): Promise<{ username: string; data: DataExport }> {
  await enforce(RATE_LIMITS.dataExportPerAccount, actor.userId);
  const userId = actor.userId;
  const user = await liveAccount(userId);
  const [
    pending,
    partner,
    memberships,
    applications,
    invitations,
    messages,
    tokens,
    sessions,
    devices,
    logins,
    notifications,
    follows,
    audit,
  ] = await Promise.all([
    db.emailVerificationToken.findMany({
      where: { userId, usedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: "asc" },
    }),
    db.partnerStatusChange.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    db.projectMember.findMany({ where: { userId }, include: { project: PROJECT_REF, role: true }, orderBy: { createdAt: "asc" } }),
    db.application.findMany({ where: { userId }, include: { project: PROJECT_REF, role: true }, orderBy: { createdAt: "asc" } }),
    db.projectInvitation.findMany({ where: { userId }, include: { project: PROJECT_REF, role: true }, orderBy: { createdAt: "asc" } }),
    db.projectMessage.findMany({ where: { authorId: userId }, include: { project: PROJECT_REF }, orderBy: { createdAt: "asc" } }),
    db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    db.userSession.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    db.device.findMany({ where: { userId }, orderBy: { firstSeenAt: "asc" } }),
    db.loginEvent.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    db.notification.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    db.projectFollow.findMany({ where: { userId }, include: { project: PROJECT_REF }, orderBy: { createdAt: "asc" } }),
    db.auditEntry.findMany({
      where: {
        OR: [{ actorId: userId }, { targetType: { in: ["user", "member"] }, targetId: userId }],
        NOT: { targetType: { in: [...WARNING_TARGET_TYPES] } },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
  ]);
  const visibility = auditVisibility(actor);
  const data: DataExport = {
    format: "pums-export",
    formatVersion: 1,
    exportedAt: new Date().toISOString(),
    account: exportAccount(user),
    pendingEmailChanges: pending
      .filter((row) => row.email !== user.email)
      .map((row) => ({ email: row.email, createdAt: iso(row.createdAt), expiresAt: iso(row.expiresAt) })),
    partnerStatusHistory: partner.map((row) => ({ from: row.from, to: row.to, at: iso(row.createdAt) })),
    memberships: memberships.map((row) => ({ project: row.project, role: row.role.name, since: iso(row.createdAt) })),
    applications: applications.map((row) => ({
      id: row.id,
      project: row.project,
      message: row.message,
      status: row.status,
      role: row.role?.name ?? null,
      createdAt: iso(row.createdAt),
      decidedAt: isoOrNull(row.decidedAt),
      reason: row.decisionReason,
    })),
    invitations: invitations.map((row) => ({
      id: row.id,
      project: row.project,
      role: row.role?.name ?? null,
      status: row.status,
      createdAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
      decidedAt: isoOrNull(row.decidedAt),
    })),
    messages: messages.map((row) => ({
      id: row.id,
      project: row.project,
      title: row.title,
      body: row.body,
      createdAt: iso(row.createdAt),
    })),
    tokens: tokens.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes: row.scopes,
      createdAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
      lastUsedAt: isoOrNull(row.lastUsedAt),
      lastUsedIp: row.lastUsedIp,
      revokedAt: isoOrNull(row.revokedAt),
      parentTokenId: row.parentTokenId,
    })),
    sessions: sessions.map((row) => ({
      id: row.id,
      deviceId: row.deviceId,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: iso(row.createdAt),
      lastSeenAt: iso(row.lastSeenAt),
      expiresAt: iso(row.expiresAt),
      revokedAt: isoOrNull(row.revokedAt),
      revokedReason: row.revokedReason,
    })),
    devices: devices.map((row) => ({
      id: row.id,
      name: row.name,
      userAgent: row.userAgent,
      firstSeenAt: iso(row.firstSeenAt),
      lastSeenAt: iso(row.lastSeenAt),
      removedAt: isoOrNull(row.removedAt),
    })),
    loginHistory: logins.map((row) => ({
      at: iso(row.createdAt),
      login: row.login,
      success: row.success,
      method: row.method,
      reason: row.reason,
      ip: row.ip,
      userAgent: row.userAgent,
    })),
    notifications: notifications.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      readAt: isoOrNull(row.readAt),
      createdAt: iso(row.createdAt),
    })),
    follows: follows.map((row) => ({ project: row.project, since: iso(row.createdAt) })),
    auditEntries: audit.map((row) => {
      const about = row.targetId === userId && (row.targetType === "user" || row.targetType === "member");
      // About the caller: everything; what the caller did to others: as the caller's audit view shows it.
      const changes = row.changes as Record<string, { before: unknown; after: unknown }>;
      const view = about
        ? { targetType: row.targetType, changes, ip: row.ip }
        : redactAuditEntry({ targetType: row.targetType, changes, ip: row.ip }, visibility);
      return {
        id: row.id,
        at: iso(row.createdAt),
        action: row.action,
        role: row.actorId === userId ? ("ACTOR" as const) : ("TARGET" as const),
        actorId: row.actorId,
        targetType: row.targetType,
        targetId: row.targetId,
        projectId: row.projectId,
        changes: view.changes,
        // The address is the actor's: the caller's own, never a staff member's.
        ip: row.actorId === userId ? row.ip : null,
      };
    }),
  };
  return { username: user.username, data };
}

/** `pums-export-<username>-<YYYY-MM-DD>.json` (the username holds only [A-Za-z0-9_.-]). */
export function exportFileName(username: string, now = new Date()): string {
  return `pums-export-${username}-${now.toISOString().slice(0, 10)}.json`;
}
