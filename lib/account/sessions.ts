import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { invalidateCallers } from "../auth/caller-cache";
import { liveSessionsOf } from "../auth/sessions";
import { parseUserAgent } from "../auth/user-agent";
import { recordAudit } from "../audit-log/record";
import { db } from "../db/client";
import type { Device, LoginEvent, UserSession } from "../db/generated/client";
import { Forbidden, NotFound } from "../errors";
import { afterPosition, decodeCursor, NEWEST_FIRST, toPage } from "../http/pagination";
import { canReadLoginHistoryOf, canSeeSignInReasonsOf } from "../permissions";
import type { LoginOutcome } from "./schemas";

/**
 * The caller's own sessions and devices, and sign-in histories. Someone else's session or
 * device, an unknown id and one that already ended are all "not found".
 */

interface Page {
  limit: number;
  cursor?: string;
}

async function currentDeviceId(actor: Actor): Promise<string | null> {
  if (!actor.sessionId) return null;
  const session = await db.userSession.findUnique({ where: { id: actor.sessionId }, select: { deviceId: true } });
  return session?.deviceId ?? null;
}

async function liveSessionWhere(actor: Actor) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { id: true, sessionVersion: true } });
  return liveSessionsOf(user);
}

function presentSession(session: UserSession & { device: Device | null }, currentId: string | null) {
  const { browser, os } = parseUserAgent(session.userAgent);
  return {
    id: session.id,
    deviceId: session.deviceId,
    device: session.device?.name ?? `${browser} on ${os}`,
    browser,
    os,
    ip: session.ip,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    current: session.id === currentId,
  };
}

export async function listSessions(actor: Actor, page: Page) {
  const rows = await db.userSession.findMany({
    where: { AND: [await liveSessionWhere(actor), afterPosition(decodeCursor(page.cursor))] },
    include: { device: true },
    orderBy: NEWEST_FIRST,
    take: page.limit + 1,
  });
  return toPage(rows, page.limit, (row) => presentSession(row, actor.sessionId));
}

/** Ends one of the caller's live sessions at once (every instance checks the row on each request). */
export async function endSession(actor: Actor, sessionId: string, meta: RequestMeta) {
  const live = await liveSessionWhere(actor);
  await db.$transaction(async (tx) => {
    const ended = await tx.userSession.updateMany({
      where: { ...live, id: sessionId },
      data: { revokedAt: new Date(), revokedReason: "ended_by_user" },
    });
    if (ended.count === 0) throw new NotFound("session");
    await recordAudit(tx, auditContext(actor, meta), { action: "session.end", targetType: "session", targetId: sessionId });
  });
  await invalidateCallers([actor.userId]);
}

/** Ends every session of the caller but the current one (a token caller: all of them). */
export async function endOtherSessions(actor: Actor, meta: RequestMeta): Promise<number> {
  const count = await db.$transaction(async (tx) => {
    const ended = await tx.userSession.updateMany({
      where: { userId: actor.userId, revokedAt: null, ...(actor.sessionId ? { NOT: { id: actor.sessionId } } : {}) },
      data: { revokedAt: new Date(), revokedReason: "ended_by_user" },
    });
    await recordAudit(tx, auditContext(actor, meta), {
      action: "session.end_others",
      targetType: "user",
      targetId: actor.userId,
      changes: { sessions: { before: ended.count, after: 0 } },
    });
    return ended.count;
  });
  await invalidateCallers([actor.userId]);
  return count;
}

function presentDevice(device: Device, currentId: string | null) {
  const { browser, os } = parseUserAgent(device.userAgent);
  return {
    id: device.id,
    name: device.name,
    browser,
    os,
    firstSeenAt: device.firstSeenAt.toISOString(),
    lastSeenAt: device.lastSeenAt.toISOString(),
    current: device.id === currentId,
  };
}

export async function listDevices(actor: Actor, page: Page) {
  // Devices are listed by first sign-in: (firstSeenAt, id) is their position.
  const position = decodeCursor(page.cursor);
  const rows = await db.device.findMany({
    where: {
      userId: actor.userId,
      removedAt: null,
      ...(position
        ? { OR: [{ firstSeenAt: { lt: position.createdAt } }, { firstSeenAt: position.createdAt, id: { lt: position.id } }] }
        : {}),
    },
    orderBy: [{ firstSeenAt: "desc" }, { id: "desc" }],
    take: page.limit + 1,
  });
  const current = await currentDeviceId(actor);
  return toPage(
    rows.map((row) => Object.assign(row, { createdAt: row.firstSeenAt })),
    page.limit,
    (row) => presentDevice(row, current),
  );
}

async function ownDevice(actor: Actor, deviceId: string) {
  const device = await db.device.findFirst({ where: { id: deviceId, userId: actor.userId, removedAt: null } });
  if (!device) throw new NotFound("device");
  return device;
}

export async function renameDevice(actor: Actor, deviceId: string, name: string, meta: RequestMeta) {
  const device = await ownDevice(actor, deviceId);
  const renamed = await db.$transaction(async (tx) => {
    const updated = await tx.device.update({ where: { id: device.id }, data: { name } });
    await recordAudit(tx, auditContext(actor, meta), {
      action: "device.rename",
      targetType: "device",
      targetId: device.id,
      changes: { name: { before: device.name, after: name } },
    });
    return updated;
  });
  return presentDevice(renamed, await currentDeviceId(actor));
}

/** Forgets a device: its cookie is no longer trusted and its sessions end at once. */
export async function removeDevice(actor: Actor, deviceId: string, meta: RequestMeta) {
  const device = await ownDevice(actor, deviceId);
  await db.$transaction(async (tx) => {
    const removed = await tx.device.updateMany({ where: { id: device.id, removedAt: null }, data: { removedAt: new Date() } });
    if (removed.count === 0) throw new NotFound("device");
    await tx.userSession.updateMany({
      where: { deviceId: device.id, revokedAt: null },
      data: { revokedAt: new Date(), revokedReason: "device_removed" },
    });
    await recordAudit(tx, auditContext(actor, meta), { action: "device.remove", targetType: "device", targetId: device.id });
  });
  await invalidateCallers([actor.userId]);
}

/** The reason the password step of a two-factor sign-in is recorded with: the code was asked for. */
const SECOND_FACTOR_REQUESTED = "otp_required";

function outcomeOf(event: LoginEvent): LoginOutcome {
  if (event.success) return "SIGNED_IN";
  return event.reason === SECOND_FACTOR_REQUESTED ? "SECOND_FACTOR_REQUESTED" : "FAILED";
}

function presentLoginEvent(event: LoginEvent, withReason: boolean) {
  return {
    id: event.id,
    at: event.createdAt.toISOString(),
    success: event.success,
    outcome: outcomeOf(event),
    method: event.method,
    ip: event.ip,
    userAgent: event.userAgent,
    reason: withReason ? event.reason : null,
  };
}

/** A user's sign-in attempts, newest first: their own, or anyone's for users.readAny; with the reasons (the user's own, or staff). */
export async function loginHistory(actor: Actor, userId: string, page: Page) {
  const target = await db.user.findUnique({ where: { id: userId, deletedAt: null }, select: { id: true } });
  if (!target) throw new NotFound("user");
  if (!canReadLoginHistoryOf(actor, target)) throw new Forbidden("Another user's login history needs the users.readAny permission.");
  const rows = await db.loginEvent.findMany({
    where: { AND: [{ userId }, afterPosition(decodeCursor(page.cursor))] },
    orderBy: NEWEST_FIRST,
    take: page.limit + 1,
  });
  const withReason = canSeeSignInReasonsOf(actor, target);
  return toPage(rows, page.limit, (row) => presentLoginEvent(row, withReason));
}
