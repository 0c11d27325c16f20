import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { createUser, testMeta } from "../testing/factories";
import { createSession, describeUserAgent, resolveSession, revokeSession, SESSION_IDLE_SECONDS } from "./sessions";

async function newSession(userId?: string) {
  const user = userId ? await db.user.findUniqueOrThrow({ where: { id: userId } }) : await createUser();
  const device = await db.device.create({ data: { userId: user.id, keyHash: `test-${user.id}-${Math.random()}`, name: "Test device" } });
  const session = await db.$transaction((tx) => createSession(tx, user, testMeta(), device.id));
  return { user, session };
}

describe("sessions", () => {
  it("resolves a live session and links it to its device", async () => {
    const { user, session } = await newSession();
    expect((await resolveSession(session.id))?.user.id).toBe(user.id);
    const device = await db.device.findUniqueOrThrow({ where: { id: session.deviceId! } });
    expect(device.userId).toBe(user.id);
  });

  it.each([
    ["signed out", async (id: string) => revokeSession(id, "signed_out")],
    [
      "expired",
      async (id: string) => void (await db.userSession.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } })),
    ],
    [
      "idle too long",
      async (id: string) =>
        void (await db.userSession.update({
          where: { id },
          data: { lastSeenAt: new Date(Date.now() - (SESSION_IDLE_SECONDS + 5) * 1000) },
        })),
    ],
    [
      "of a suspended user",
      async (id: string) => {
        const { userId } = await db.userSession.findUniqueOrThrow({ where: { id } });
        await db.user.update({ where: { id: userId }, data: { suspendedAt: new Date() } });
      },
    ],
    [
      "ended by a password change (session version)",
      async (id: string) => {
        const { userId } = await db.userSession.findUniqueOrThrow({ where: { id } });
        await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
      },
    ],
  ])("refuses a session that is %s on its next request", async (_label, end) => {
    const { session } = await newSession();
    await end(session.id);
    expect(await resolveSession(session.id)).toBeNull();
  });

  it("names devices after their browser and system", () => {
    const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
    expect(describeUserAgent(chrome, "en")).toBe("Chrome on Linux");
    expect(describeUserAgent(null, "en")).toBe("Unknown device");
    expect(describeUserAgent("SomeBot/1.0", "fr")).toBe("Browser on an unknown system");
    // In the user's language, as their mails (a regional setting counts as its language).
    expect(describeUserAgent(chrome, "de-AT")).toBe("Chrome auf Linux");
    expect(describeUserAgent(null, "de")).toBe("Unbekanntes Gerät");
  });
});
