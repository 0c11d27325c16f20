import { assertRecentAuthentication, authenticateWithPassword } from "../account/reauthentication";
import { auditContextOf, recordAudit } from "../audit-log/record";
import { auditContext, type Actor, type RequestMeta, type TokenScope } from "../auth/actor";
import { newSecret, sha256 } from "../auth/secrets";
import { issueToken } from "../auth/tokens";
import { db, type Tx } from "../db/client";
import { AppError, BadRequest, RuleViolation } from "../errors";
import { publicBaseUrl } from "../mail/outbox";
import { grantableTokenScopes } from "../permissions";
import { enforce, enforceForAddress, RATE_LIMITS } from "../rate-limit";
import { DEVICE_CODE_PREFIX, formatUserCode, newUserCode } from "./codes";
import type { ApproveDeviceSignInInput, StartDeviceSignInInput } from "./schemas";

/**
 * Device sign-in after RFC 8628 (DESIGN §8.2): a client without a browser (the launcher) starts a
 * sign-in and shows a short user code; its user approves or denies it at /device in the portal,
 * signed in; the client polls with its device code and gets a personal access token of that user
 * once. Decisions: docs/security.md, "Device sign-in"; the protocol: docs/launcher.md.
 */

/** How long both codes live (RFC 8628 `expires_in`). */
export const DEVICE_CODE_TTL_SECONDS = 600;
/** The wait between polls a client starts with (RFC 8628 `interval`); each `slow_down` adds SLOW_DOWN_SECONDS. */
export const POLL_INTERVAL_SECONDS = 5;
export const SLOW_DOWN_SECONDS = 5;
/** How long the token lives: a launcher stays signed in for a season, and its user can revoke it on the account page. */
export const DEVICE_TOKEN_DAYS = 90;
/** Finished sign-ins are kept this long after they expire, then purged (a batch per new sign-in). */
const KEEP_AFTER_EXPIRY_MS = 60 * 60_000;
const PURGE_BATCH = 100;

/** The token's name on the account page: the client's own words, marked as a device sign-in. */
export function deviceTokenName(clientName: string): string {
  return `${clientName} (device sign-in)`;
}

/**
 * A refusal of the token endpoint: 400 with the RFC 8628 error as `code` (`authorization_pending`,
 * `slow_down`, `expired_token`, `access_denied`, `invalid_grant`).
 */
export class DeviceGrantError extends AppError {
  constructor(code: DeviceGrantCode, extra: Record<string, unknown> = {}) {
    super(400, code, "Device sign-in not complete", GRANT_DETAILS[code], extra);
  }
}

const GRANT_DETAILS = {
  authorization_pending: "The user has not approved or denied this sign-in yet. Poll again after `interval` seconds.",
  slow_down: "Polled sooner than `interval` seconds after the last poll. Wait the new `interval` (5 seconds longer) between polls.",
  expired_token: "This device code has expired. Start a new device sign-in.",
  access_denied: "The user denied this sign-in.",
  invalid_grant: "This device code is unknown or was already used.",
} as const;
export type DeviceGrantCode = keyof typeof GRANT_DETAILS;

/** POST /auth/device: a new sign-in waiting for its user. The per-address limit is the operation's. */
export async function startDeviceSignIn(input: StartDeviceSignInInput, meta: RequestMeta) {
  await purgeFinished();
  const deviceCode = newSecret(DEVICE_CODE_PREFIX);
  // 20^8 codes: a collision with a live one is rare, and answered by drawing again.
  for (let attempt = 1; ; attempt++) {
    const userCode = newUserCode();
    try {
      await db.deviceAuthorization.create({
        data: {
          deviceCodeHash: sha256(deviceCode),
          userCodeHash: sha256(userCode),
          clientName: input.clientName,
          scopes: [...new Set(input.scopes)],
          expiresAt: new Date(Date.now() + DEVICE_CODE_TTL_SECONDS * 1000),
          interval: POLL_INTERVAL_SECONDS,
          startedIp: meta.ip,
        },
      });
    } catch (error) {
      if ((error as { code?: string }).code === "P2002" && attempt < 5) continue;
      throw error;
    }
    const verificationUri = `${publicBaseUrl()}/device`;
    return {
      deviceCode,
      userCode: formatUserCode(userCode),
      verificationUri,
      verificationUriComplete: `${verificationUri}?code=${formatUserCode(userCode)}`,
      expiresIn: DEVICE_CODE_TTL_SECONDS,
      interval: POLL_INTERVAL_SECONDS,
    };
  }
}

async function purgeFinished() {
  const old = await db.deviceAuthorization.findMany({
    where: { expiresAt: { lt: new Date(Date.now() - KEEP_AFTER_EXPIRY_MS) } },
    select: { id: true },
    take: PURGE_BATCH,
  });
  if (old.length) await db.deviceAuthorization.deleteMany({ where: { id: { in: old.map((row) => row.id) } } });
}

/**
 * POST /auth/device/token: the token once the user approved, exactly once; otherwise the RFC 8628
 * error. Final states answer at any pace; a pending or approved code polled sooner than its
 * interval after the last poll is `slow_down`, and its interval grows by 5 seconds.
 */
export async function pollDeviceToken(deviceCode: string, meta: RequestMeta) {
  const row = await db.deviceAuthorization.findUnique({ where: { deviceCodeHash: sha256(deviceCode) } });
  if (!row || row.status === "USED") throw new DeviceGrantError("invalid_grant");
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) throw new DeviceGrantError("expired_token");
  if (row.status === "DENIED") throw new DeviceGrantError("access_denied");

  // One poll per interval, decided by the database: of two polls at once only one passes.
  const paced = await db.deviceAuthorization.updateMany({
    where: { id: row.id, OR: [{ lastPolledAt: null }, { lastPolledAt: { lte: new Date(now - row.interval * 1000) } }] },
    data: { lastPolledAt: new Date(now) },
  });
  if (paced.count === 0) {
    const slowed = await db.deviceAuthorization.update({
      where: { id: row.id },
      data: { interval: { increment: SLOW_DOWN_SECONDS }, lastPolledAt: new Date(now) },
      select: { interval: true },
    });
    throw new DeviceGrantError("slow_down", { interval: slowed.interval });
  }
  if (row.status === "PENDING") throw new DeviceGrantError("authorization_pending", { interval: row.interval });

  const outcome = await db.$transaction(async (tx) => {
    // The claim: of two polls that got this far, one changes the row and the other finds it used.
    const [claimed] = await tx.deviceAuthorization.updateManyAndReturn({
      where: { id: row.id, status: "APPROVED", expiresAt: { gt: new Date(now) } },
      data: { status: "USED" },
    });
    if (!claimed?.userId || !claimed.authenticatedAt) return null;
    const audit = auditContextOf(claimed.userId, "TOKEN", meta);
    if (!(await approvalStands(tx, claimed.userId, claimed.sessionId))) {
      await tx.deviceAuthorization.update({ where: { id: claimed.id }, data: { status: "DENIED" } });
      await recordAudit(tx, audit, {
        action: "device.deny",
        targetType: "device_authorization",
        targetId: claimed.id,
        changes: { reason: { before: null, after: "approval_void" } },
      });
      return "void" as const;
    }
    const token = await issueToken(
      tx,
      claimed.userId,
      { name: deviceTokenName(claimed.clientName), scopes: claimed.grantedScopes as TokenScope[], expiresInDays: DEVICE_TOKEN_DAYS },
      audit,
      { authenticatedAt: claimed.authenticatedAt },
    );
    await tx.deviceAuthorization.update({ where: { id: claimed.id }, data: { tokenId: token.id } });
    await recordAudit(tx, audit, {
      action: "device.token_issue",
      targetType: "device_authorization",
      targetId: claimed.id,
      changes: { tokenId: { before: null, after: token.id } },
    });
    return token;
  });
  if (outcome === null) throw new DeviceGrantError("invalid_grant");
  if (outcome === "void") throw new DeviceGrantError("access_denied");
  return outcome;
}

/**
 * Whether an approval still stands when its token is handed out: the user is not suspended and the
 * session that approved still works (a password change or reset, a suspension or signing out in
 * between voids it, as it would have voided a token made then). Locks the user's row first, as
 * minting does, so a password reset at the same moment comes either before or after.
 */
async function approvalStands(tx: Tx, userId: string, sessionId: string | null): Promise<boolean> {
  await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
  const user = await tx.user.findUnique({ where: { id: userId }, select: { suspendedAt: true, sessionVersion: true } });
  if (!user || user.suspendedAt || !sessionId) return false;
  const session = await tx.userSession.findFirst({
    where: { id: sessionId, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { sessionVersion: true },
  });
  return session?.sessionVersion === user.sessionVersion;
}

const UNKNOWN_CODE = "This code is wrong, expired or already used. Start the sign-in on your device again and enter the new code.";

/**
 * Every look-up of a user code (showing it on /device, approving, denying) is counted per user and
 * per address before the code is read, so nobody can try codes faster than the budgets allow.
 */
async function findPending(actor: Actor, userCode: string, meta: RequestMeta) {
  await enforce(RATE_LIMITS.deviceCodePerUser, actor.userId);
  if (meta.ip) await enforceForAddress(RATE_LIMITS.deviceCodePerIp, meta.ip);
  return pendingOrRefused(await db.deviceAuthorization.findUnique({ where: { userCodeHash: sha256(userCode) } }));
}

/** The row while it waits for its user; a wrong, expired or decided code is one readable refusal. */
function pendingOrRefused<Row extends { status: string; expiresAt: Date }>(row: Row | null): Row {
  if (row?.status !== "PENDING" || row.expiresAt.getTime() <= Date.now()) throw new BadRequest(UNKNOWN_CODE, "invalid_user_code");
  return row;
}

/** What the /device page shows of a pending sign-in: the client, its scopes, and what approval would grant. */
export async function describeDeviceSignIn(actor: Actor, userCode: string, meta: RequestMeta) {
  const row = await findPending(actor, userCode, meta);
  const requested = row.scopes as TokenScope[];
  const grantable = grantableTokenScopes(actor);
  return {
    userCode: formatUserCode(userCode),
    clientName: row.clientName,
    requested,
    granted: requested.filter((scope) => grantable.includes(scope)),
    startedAt: row.createdAt.toISOString(),
    startedIp: row.startedIp,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Approves a pending sign-in for the signed-in user. Like minting a token it needs a recent sign-in
 * (REAUTH_WINDOW_SECONDS) or the password; the token will carry the requested scopes the user may
 * hold (grantableTokenScopes) and inherit the approving sign-in's time.
 */
export async function approveDeviceSignIn(actor: Actor, { userCode, password }: ApproveDeviceSignInInput, meta: RequestMeta) {
  await findPending(actor, userCode, meta);
  const proven = password === undefined ? null : await authenticateWithPassword(actor, password, meta);
  return db.$transaction(async (tx) => {
    const row = pendingOrRefused(await tx.deviceAuthorization.findUnique({ where: { userCodeHash: sha256(userCode) } }));
    const authenticatedAt = proven ?? (await assertRecentAuthentication(actor, tx));
    const grantable = grantableTokenScopes(actor);
    const granted = row.scopes.filter((scope) => grantable.includes(scope as TokenScope));
    if (!granted.length)
      throw new RuleViolation("This client asks only for access your account cannot give. Deny it.", "no_grantable_scope");
    const { count } = await tx.deviceAuthorization.updateMany({
      where: { id: row.id, status: "PENDING" },
      data: {
        status: "APPROVED",
        userId: actor.userId,
        sessionId: actor.sessionId,
        decidedAt: new Date(),
        authenticatedAt,
        grantedScopes: granted,
      },
    });
    if (!count) throw new BadRequest(UNKNOWN_CODE, "invalid_user_code");
    await recordAudit(tx, auditContext(actor, meta), {
      action: "device.approve",
      targetType: "device_authorization",
      targetId: row.id,
      changes: { clientName: { before: null, after: row.clientName }, scopes: { before: row.scopes, after: granted } },
    });
    return { clientName: row.clientName, scopes: granted as TokenScope[] };
  });
}

/** Denies a pending sign-in: its client's next poll answers `access_denied`. Needs no password: refusing is always safe. */
export async function denyDeviceSignIn(actor: Actor, userCode: string, meta: RequestMeta) {
  const row = await findPending(actor, userCode, meta);
  return db.$transaction(async (tx) => {
    const { count } = await tx.deviceAuthorization.updateMany({
      where: { id: row.id, status: "PENDING" },
      data: { status: "DENIED", userId: actor.userId, decidedAt: new Date() },
    });
    if (!count) throw new BadRequest(UNKNOWN_CODE, "invalid_user_code");
    await recordAudit(tx, auditContext(actor, meta), {
      action: "device.deny",
      targetType: "device_authorization",
      targetId: row.id,
      changes: { clientName: { before: null, after: row.clientName } },
    });
    return { clientName: row.clientName };
  });
}
