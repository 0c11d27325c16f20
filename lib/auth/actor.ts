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
  /** The user's portal preferences (language of the UI and mails, null: follow the browser; colour theme) and picture. */
  language: string | null;
  theme: Theme;
  avatarUrl: string | null;
}

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

function themeOf(settings: unknown): Theme {
  const theme = (settings as { theme?: unknown } | null)?.theme;
  return (THEMES as readonly unknown[]).includes(theme) ? (theme as Theme) : "system";
}

/** The user's fields an Actor is made from (actorFromUser), with the suspension that refuses one. */
export const ACTOR_USER_FIELDS = {
  id: true,
  username: true,
  displayName: true,
  platformRoles: true,
  partnerStatus: true,
  suspendedAt: true,
  language: true,
} as const;

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
  user: {
    id: string;
    username: string;
    displayName: string;
    platformRoles: PlatformRole[];
    partnerStatus: PartnerStatus;
    language?: string | null;
    settings?: unknown;
    avatarUrl?: string | null;
  },
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
    language: user.language ?? null,
    theme: themeOf(user.settings),
    avatarUrl: user.avatarUrl ?? null,
  };
}
