import { auditContextOf, type AuditContext } from "../audit-log/record";
import type { PartnerStatus, PlatformRole, PlatformSubject, TokenScope } from "../permissions";

export { TOKEN_SCOPES, type TokenScope } from "../permissions";

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
  return auditContextOf(actor?.userId ?? null, actor?.via ?? "SYSTEM", meta);
}

/**
 * The one place an Actor is made: from a session or a token (lib/auth/resolve.ts), or for work
 * done on a user's behalf outside a request (seeding, scripts, tests: no session or token row).
 */
export function actorFromUser(
  user: { id: string; username: string; displayName: string; platformRoles: PlatformRole[]; partnerStatus: PartnerStatus },
  scopes: TokenScope[] | null = null,
  via: { sessionId?: string; tokenId?: string } = {},
): Actor {
  return {
    userId: user.id,
    username: user.username,
    displayName: user.displayName,
    platformRoles: user.platformRoles,
    partnerStatus: user.partnerStatus,
    via: scopes ? "TOKEN" : "SESSION",
    sessionId: via.sessionId ?? null,
    tokenId: via.tokenId ?? null,
    scopes,
  };
}
