import type { AuditContext } from "../audit/record";
import { hasPlatformPermission, type PartnerStatus, type PlatformPermission, type PlatformRole, type PlatformSubject } from "../permissions";

export const TOKEN_SCOPES = {
  read: "Read what the owner can read",
  write: "Change what the owner can change",
  admin: "Use the owner's staff permissions (user administration, reviews, warnings, audit)",
} as const;
export type TokenScope = keyof typeof TOKEN_SCOPES;

/** The signed-in caller of a request: a portal session or a personal access token. */
export interface Actor extends PlatformSubject {
  userId: string;
  username: string;
  displayName: string;
  platformRoles: PlatformRole[];
  partnerStatus: PartnerStatus;
  via: "SESSION" | "TOKEN";
  sessionId: string | null;
  tokenId: string | null;
  /** null for sessions: a session may do everything its user may. */
  scopes: TokenScope[] | null;
}

/** Where a request came from; passed to services for the audit log and login history. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}

export function auditContext(actor: Actor | null, meta: RequestMeta): AuditContext {
  return { actorId: actor?.userId ?? null, via: actor?.via ?? "SYSTEM", ip: meta.ip, requestId: meta.requestId };
}

/** An actor for work done on a user's behalf outside a request (seeding, scripts, tests). */
export function actorFromUser(
  user: { id: string; username: string; displayName: string; platformRoles: PlatformRole[]; partnerStatus: PartnerStatus },
  scopes: TokenScope[] | null = null,
): Actor {
  return {
    userId: user.id,
    username: user.username,
    displayName: user.displayName,
    platformRoles: user.platformRoles,
    partnerStatus: user.partnerStatus,
    via: scopes ? "TOKEN" : "SESSION",
    sessionId: null,
    tokenId: null,
    scopes,
  };
}

/** A staff permission counts for a token only with the `admin` scope; sessions use all their permissions. */
export function hasStaffPermission(actor: Actor | null, permission: PlatformPermission): boolean {
  return hasPlatformPermission(actor, permission) && (actor!.scopes === null || actor!.scopes.includes("admin"));
}
