import { z } from "zod";
import { projectRefSchema } from "../projects/schemas";

/** The schemas of the data-rights endpoints (DESIGN §8.2 "Data rights"; docs/privacy.md). */

/** DELETE /users/me: the password, and a code (TOTP or recovery code) when two-factor sign-in is on. */
export const deleteOwnAccountSchema = z.strictObject({
  password: z.string().min(1, "Enter your password.").max(256),
  otp: z.string().trim().min(1).max(64).optional(),
});
export type DeleteOwnAccountInput = z.infer<typeof deleteOwnAccountSchema>;

/** The portal's confirmation: the username typed again, the password and (with 2FA) a code. */
export const deleteAccountFormSchema = z.strictObject({
  confirmUsername: z.string().trim().min(1, "Type your username to confirm.").max(64),
  password: z.string().min(1, "Enter your password.").max(256),
  otp: z.string().trim().max(64),
});
export type DeleteAccountFormValues = z.input<typeof deleteAccountFormSchema>;

export const deletionAcceptedSchema = z.object({
  id: z.string(),
  deletedAt: z.iso.datetime(),
  sessionsEnded: z.int(),
  tokensRevoked: z.int(),
  membershipsRemoved: z.int(),
  applicationsWithdrawn: z.int(),
});

const at = z.iso.datetime();
const maybeAt = at.nullable();

/** GET /users/me/export: everything held about the caller (docs/privacy.md lists what is left out and why). */
export const dataExportSchema = z.object({
  format: z.literal("pums-export"),
  formatVersion: z.literal(1),
  exportedAt: at,
  account: z.object({
    id: z.string(),
    username: z.string(),
    displayName: z.string(),
    email: z.string(),
    emailVerifiedAt: maybeAt,
    dateOfBirth: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    /** null: never chosen, the portal follows the browser. */
    language: z.string().nullable(),
    settings: z.unknown(),
    notificationSettings: z.unknown(),
    platformRoles: z.array(z.string()),
    partnerStatus: z.string(),
    suspendedAt: maybeAt,
    suspendedReason: z.string().nullable(),
    totpEnabledAt: maybeAt,
    failedLoginCount: z.int(),
    lastFailedLoginAt: maybeAt,
    lockedUntil: maybeAt,
    createdAt: at,
    updatedAt: at,
  }),
  pendingEmailChanges: z.array(z.object({ email: z.string(), createdAt: at, expiresAt: at })),
  partnerStatusHistory: z.array(z.object({ from: z.string(), to: z.string(), at })),
  memberships: z.array(z.object({ project: projectRefSchema, role: z.string(), since: at })),
  applications: z.array(
    z.object({
      id: z.string(),
      project: projectRefSchema,
      message: z.string(),
      status: z.string(),
      role: z.string().nullable(),
      createdAt: at,
      decidedAt: maybeAt,
      reason: z.string().nullable(),
    }),
  ),
  /** Invitations to teams the account received; `status` as stored (a pending one past `expiresAt` has expired). */
  invitations: z.array(
    z.object({
      id: z.string(),
      project: projectRefSchema,
      role: z.string().nullable(),
      status: z.string(),
      createdAt: at,
      expiresAt: at,
      decidedAt: maybeAt,
    }),
  ),
  messages: z.array(z.object({ id: z.string(), project: projectRefSchema, title: z.string(), body: z.string(), createdAt: at })),
  tokens: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      prefix: z.string(),
      scopes: z.array(z.string()),
      createdAt: at,
      expiresAt: at,
      lastUsedAt: maybeAt,
      lastUsedIp: z.string().nullable(),
      revokedAt: maybeAt,
      parentTokenId: z.string().nullable(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      deviceId: z.string().nullable(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      createdAt: at,
      lastSeenAt: at,
      expiresAt: at,
      revokedAt: maybeAt,
      revokedReason: z.string().nullable(),
    }),
  ),
  devices: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      userAgent: z.string().nullable(),
      firstSeenAt: at,
      lastSeenAt: at,
      removedAt: maybeAt,
    }),
  ),
  loginHistory: z.array(
    z.object({
      at,
      login: z.string(),
      success: z.boolean(),
      method: z.string(),
      reason: z.string().nullable(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  notifications: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      title: z.string(),
      body: z.string(),
      link: z.string().nullable(),
      readAt: maybeAt,
      createdAt: at,
    }),
  ),
  follows: z.array(z.object({ project: projectRefSchema, since: at })),
  auditEntries: z.array(
    z.object({
      id: z.string(),
      at,
      action: z.string(),
      role: z.enum(["ACTOR", "TARGET"]),
      actorId: z.string().nullable(),
      targetType: z.string(),
      targetId: z.string(),
      projectId: z.string().nullable(),
      changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
      ip: z.string().nullable(),
    }),
  ),
});
export type DataExport = z.infer<typeof dataExportSchema>;
