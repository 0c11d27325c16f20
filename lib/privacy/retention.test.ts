import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createUser } from "@/lib/testing/factories";
import { purgeExpiredData } from "./retention";

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe("the retention job", () => {
  it("purges login history after 180 days and ended sessions 30 days after they ended, and keeps the rest", async () => {
    const user = await createUser();
    const event = (days: number) =>
      db.loginEvent.create({ data: { userId: user.id, login: user.username, success: true, method: "PASSWORD", createdAt: ago(days) } });
    const session = (fields: { expiresAt: Date; revokedAt?: Date }) =>
      db.userSession.create({ data: { userId: user.id, sessionVersion: 0, createdAt: ago(200), ...fields } });
    const oldEvent = await event(181);
    const keptEvent = await event(179);
    const revokedLongAgo = await session({ expiresAt: new Date(Date.now() + DAY), revokedAt: ago(31) });
    const expiredLongAgo = await session({ expiresAt: ago(31) });
    const revokedLately = await session({ expiresAt: ago(40), revokedAt: ago(29) });
    const expiredLately = await session({ expiresAt: ago(29) });
    const live = await session({ expiresAt: new Date(Date.now() + DAY) });

    const result = await purgeExpiredData();
    expect(result.loginEvents).toBeGreaterThanOrEqual(1);
    expect(result.sessions).toBeGreaterThanOrEqual(2);
    expect(await db.loginEvent.findUnique({ where: { id: oldEvent.id } })).toBeNull();
    expect(await db.loginEvent.findUnique({ where: { id: keptEvent.id } })).not.toBeNull();
    expect(await db.userSession.findUnique({ where: { id: revokedLongAgo.id } })).toBeNull();
    expect(await db.userSession.findUnique({ where: { id: expiredLongAgo.id } })).toBeNull();
    // Expired 40 days ago counts as ended then, whatever a later revocation says.
    expect(await db.userSession.findUnique({ where: { id: revokedLately.id } })).toBeNull();
    expect(await db.userSession.findUnique({ where: { id: expiredLately.id } })).not.toBeNull();
    expect(await db.userSession.findUnique({ where: { id: live.id } })).not.toBeNull();
  });

  it("is safe when several instances run it at once: each row goes once, nothing fails", async () => {
    const user = await createUser();
    await db.loginEvent.createMany({
      data: Array.from({ length: 50 }, () => ({
        userId: user.id,
        login: user.username,
        success: false,
        method: "PASSWORD" as const,
        createdAt: ago(400),
      })),
    });
    const results = await Promise.all([purgeExpiredData(), purgeExpiredData(), purgeExpiredData()]);
    expect(results.reduce((sum, result) => sum + result.loginEvents, 0)).toBeGreaterThanOrEqual(50);
    expect(await db.loginEvent.count({ where: { userId: user.id } })).toBe(0);
    // Run again: nothing left to do for these rows.
    await purgeExpiredData();
    expect(await db.loginEvent.count({ where: { userId: user.id } })).toBe(0);
  });

  it("ends username quarantines that ran out, and keeps those still running", async () => {
    const ended = await createUser();
    const running = await createUser();
    await db.user.update({ where: { id: ended.id }, data: { reservedUsernameKey: `gone-${ended.id}`, usernameReservedUntil: ago(1) } });
    await db.user.update({
      where: { id: running.id },
      data: { reservedUsernameKey: `held-${running.id}`, usernameReservedUntil: new Date(Date.now() + DAY) },
    });
    await purgeExpiredData();
    expect(await db.user.findUniqueOrThrow({ where: { id: ended.id } })).toMatchObject({
      reservedUsernameKey: null,
      usernameReservedUntil: null,
    });
    expect(await db.user.findUniqueOrThrow({ where: { id: running.id } })).toMatchObject({ reservedUsernameKey: `held-${running.id}` });
  });
});
