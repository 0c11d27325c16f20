import { createTranslator } from "use-intl/core";
import { db, type Tx } from "../db/client";
import { localeOfSetting } from "../i18n/locales";
import { MESSAGES } from "../i18n/messages";
import { invalidateCallers } from "./caller-cache";
import { ACTOR_USER_FIELDS, type RequestMeta } from "./actor";
import { OTHER_CLIENT, parseUserAgent, UNKNOWN_SYSTEM } from "./user-agent";

/**
 * Portal sessions. next-auth's cookie carries only the session id; the row decides on every
 * request, so sign-out, revocation, password change and suspension take effect at once on
 * every instance. Limits follow OWASP ASVS level 2 and can be tuned by environment.
 */
export const SESSION_ABSOLUTE_SECONDS = Number(process.env.SESSION_ABSOLUTE_HOURS ?? 12) * 3600;
export const SESSION_IDLE_SECONDS = Number(process.env.SESSION_IDLE_MINUTES ?? 30) * 60;
// Writing lastSeenAt on every request would double the work of a read; a minute is precise enough for the idle limit.
const LAST_SEEN_RESOLUTION_MS = 60_000;

const sessionUser = {
  select: { ...ACTOR_USER_FIELDS, sessionVersion: true, settings: true, avatarUrl: true },
} as const;

/** A new session; `deviceId` is the trusted device it signed in from (lib/auth/sign-in.ts), if any. */
export async function createSession(tx: Tx, user: { id: string; sessionVersion: number }, meta: RequestMeta, deviceId: string | null) {
  const now = Date.now();
  return tx.userSession.create({
    data: {
      userId: user.id,
      deviceId,
      ip: meta.ip,
      userAgent: meta.userAgent,
      sessionVersion: user.sessionVersion,
      expiresAt: new Date(now + SESSION_ABSOLUTE_SECONDS * 1000),
    },
  });
}

/**
 * "Chrome on Linux" ("Chrome auf Linux") and the like, in the user's language (as their mails):
 * a starting name for a new device, which the user can change.
 */
export function describeUserAgent(userAgent: string | null, language: string | null | undefined): string {
  const locale = localeOfSetting(language);
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "account.userAgent" });
  if (!userAgent) return t("unknownDevice");
  const { browser, os } = parseUserAgent(userAgent);
  return t("deviceName", {
    browser: browser === OTHER_CLIENT ? t("someBrowser") : browser,
    os: os === UNKNOWN_SYSTEM ? t("someSystem") : os,
  });
}

/** The live session with its user, or null when it is revoked, expired, idle too long or its user suspended. */
export async function resolveSession(sessionId: string) {
  const session = await db.userSession.findUnique({ where: { id: sessionId }, include: { user: sessionUser } });
  if (!session || session.revokedAt) return null;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) return null;
  if (now - session.lastSeenAt.getTime() > SESSION_IDLE_SECONDS * 1000) return null;
  if (session.user.suspendedAt || session.user.sessionVersion !== session.sessionVersion) return null;
  if (now - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.userSession.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } });
  }
  return session;
}

/** Prisma `where` for the sessions of a user that still work now (not revoked, expired, idle or outdated). */
export function liveSessionsOf(user: { id: string; sessionVersion: number }, now = Date.now()) {
  return {
    userId: user.id,
    revokedAt: null,
    sessionVersion: user.sessionVersion,
    expiresAt: { gt: new Date(now) },
    lastSeenAt: { gt: new Date(now - SESSION_IDLE_SECONDS * 1000) },
  };
}

/** Ends one session (sign-out, device removal) here and, through the caller cache, on every instance. */
export async function revokeSession(sessionId: string, reason: string) {
  const ended = await db.userSession.updateManyAndReturn({
    where: { id: sessionId, revokedAt: null },
    data: { revokedAt: new Date(), revokedReason: reason },
    select: { userId: true },
  });
  await invalidateCallers(ended.map((session) => session.userId));
}
