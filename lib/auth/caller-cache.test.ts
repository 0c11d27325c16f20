import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { NotFound } from "../errors";
import { removeMember } from "../members/service";
import { loadProject } from "../projects/access";
import { cacheForEachTest } from "../testing/cache";
import {
  actorOf,
  addMemberWith,
  createPartner,
  createProjectFor,
  createUser,
  sessionCookieFor,
  testMeta,
  tokenFor,
} from "../testing/factories";
import { updateOwnAccount, updateUserAsStaff } from "../users/service";
import { cachedCaller, cachedCallerCount, clearCallerCache, invalidateCallers } from "./caller-cache";
import { resolveActor } from "./resolve";
import { revokeSession } from "./sessions";
import { revokeToken } from "./tokens";

/**
 * The caller cache in one process (no REDIS_URL): a resolved token or session is served from
 * memory for a few seconds, and every change that narrows what its user may do drops it at once.
 * caller-cache-redis.test.ts covers other instances; lib/system/two-instances.test.ts real servers.
 */
async function staff() {
  return actorOf(await createUser({ roles: ["USER", "PROJECT_LEAD"] }));
}

async function versionOf(userId: string) {
  return (await db.user.findUniqueOrThrow({ where: { id: userId } })).version;
}

/** A change to the user that a Project lead makes in the staff console. */
function byStaff(input: Parameters<typeof updateUserAsStaff>[2]) {
  return async (user: { id: string }) =>
    void (await updateUserAsStaff(await staff(), user.id, input, await versionOf(user.id), testMeta()));
}

async function callers(userId: string) {
  const token = await tokenFor(userId);
  const session = await sessionCookieFor(userId);
  const viaToken = () => resolveActor(`Bearer ${token}`, undefined, "127.0.0.1").catch(() => null);
  const viaSession = () => resolveActor(null, session.cookie, "127.0.0.1");
  return { token, session, viaToken, viaSession };
}

describe("caller cache (one process)", () => {
  cacheForEachTest("CALLER_CACHE_SECONDS", clearCallerCache);

  it("serves a resolved caller from memory: a change written past the services is not seen until the entry expires", async () => {
    const user = await createPartner();
    const { viaToken, viaSession } = await callers(user.id);
    expect((await viaToken())?.displayName).toBe(user.displayName);
    expect((await viaSession())?.displayName).toBe(user.displayName);
    await db.user.update({ where: { id: user.id }, data: { displayName: "Changed behind the cache's back" } });
    expect((await viaToken())?.displayName).toBe(user.displayName);
    expect((await viaSession())?.displayName).toBe(user.displayName);

    process.env.CALLER_CACHE_SECONDS = "0.2";
    clearCallerCache();
    await viaToken();
    await db.user.update({ where: { id: user.id }, data: { displayName: "Changed again" } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await viaToken())?.displayName).toBe("Changed again");
  });

  it("caches nothing with CALLER_CACHE_SECONDS=0", async () => {
    process.env.CALLER_CACHE_SECONDS = "0";
    const user = await createPartner();
    const { viaToken } = await callers(user.id);
    await viaToken();
    await db.user.update({ where: { id: user.id }, data: { displayName: "Seen at once" } });
    expect((await viaToken())?.displayName).toBe("Seen at once");
  });

  // Each row: a change made through its service, and what the user's cached callers must show right after.
  const paths: [
    string,
    (user: { id: string }, credentials: Awaited<ReturnType<typeof callers>>) => Promise<void>,
    { token: "refused" | "changed" | "kept"; session: "refused" | "changed" | "kept" },
  ][] = [
    [
      "token revocation",
      async (user) => {
        const token = await db.apiToken.findFirstOrThrow({ where: { userId: user.id } });
        await revokeToken(user.id, token.id, { actorId: user.id, via: "TOKEN" });
      },
      { token: "refused", session: "kept" },
    ],
    ["session end", async (_user, { session }) => revokeSession(session.sessionId, "ended"), { token: "kept", session: "refused" }],
    ["sign-out", async (_user, { session }) => revokeSession(session.sessionId, "signed_out"), { token: "kept", session: "refused" }],
    ["suspension", byStaff({ suspended: true, suspensionReason: "test" }), { token: "refused", session: "refused" }],
    ["platform role change", byStaff({ platformRoles: ["USER", "PARTNER", "SUPPORT"] }), { token: "changed", session: "changed" }],
    ["partner status change", byStaff({ partnerStatus: "SUSPENDED", partnerNote: "test" }), { token: "changed", session: "changed" }],
    ["profile change by staff", byStaff({ displayName: "Renamed by staff" }), { token: "changed", session: "changed" }],
    [
      "own profile change",
      async (user) => {
        const own = await db.user.findUniqueOrThrow({ where: { id: user.id } });
        await updateOwnAccount(actorOf(own), { displayName: "Renamed by myself" }, own.version, testMeta());
      },
      { token: "changed", session: "changed" },
    ],
  ];

  it.each(paths)("%s takes effect on the next request", async (_label, change, expected) => {
    const user = await createPartner();
    const credentials = await callers(user.id);
    const before = { token: await credentials.viaToken(), session: await credentials.viaSession() };
    expect(before.token?.userId).toBe(user.id);
    expect(before.session?.userId).toBe(user.id);
    await change(user, credentials);
    const fresh = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    const after = { token: await credentials.viaToken(), session: await credentials.viaSession() };
    for (const via of ["token", "session"] as const) {
      if (expected[via] === "refused") expect(after[via], via).toBeNull();
      if (expected[via] === "kept") expect(after[via], via).toEqual(before[via]);
      if (expected[via] === "changed") {
        expect(after[via], via).not.toEqual(before[via]);
        expect(after[via], via).toMatchObject({
          platformRoles: fresh.platformRoles,
          partnerStatus: fresh.partnerStatus,
          displayName: fresh.displayName,
        });
      }
    }
  });

  it("a lookup that overlapped an invalidation is not stored", async () => {
    const user = await createPartner();
    const actor = actorOf(user);
    let finishLookup!: () => void;
    const lookup = cachedCaller("test:overlap", async () => {
      await new Promise<void>((resolve) => (finishLookup = resolve));
      return { actor, credentialExpiresAt: new Date(Date.now() + 60_000) };
    });
    // The lookup read the row before the change committed; the invalidation comes before it is stored.
    await invalidateCallers([user.id]);
    finishLookup();
    expect(await lookup).toEqual(actor);
    expect(cachedCallerCount()).toBe(0);
    const again = await cachedCaller("test:overlap", async () => ({ actor, credentialExpiresAt: new Date(Date.now() + 60_000) }));
    expect(again).toEqual(actor);
    expect(cachedCallerCount()).toBe(1);
  });

  it("concurrent lookups of one credential share one, but not across a revocation", async () => {
    const user = await createPartner();
    const actor = actorOf(user);
    const pending: ((answer: { actor: typeof actor; credentialExpiresAt: Date } | null) => void)[] = [];
    let lookups = 0;
    const lookup = () => {
      lookups++;
      return new Promise<{ actor: typeof actor; credentialExpiresAt: Date } | null>((resolve) => pending.push(resolve));
    };
    const first = cachedCaller("test:shared", lookup);
    const second = cachedCaller("test:shared", lookup);
    expect(lookups).toBe(1);
    // Revoked after the first lookup began: the next request asks the database itself, and gets "nobody".
    await invalidateCallers([user.id]);
    const afterRevocation = cachedCaller("test:shared", lookup);
    expect(lookups).toBe(2);
    pending[0]({ actor, credentialExpiresAt: new Date(Date.now() + 60_000) });
    pending[1](null);
    expect(await Promise.all([first, second, afterRevocation])).toEqual([actor, actor, null]);
    expect(cachedCallerCount()).toBe(0);
  });

  it("an entry never outlives its credential", async () => {
    const actor = actorOf(await createPartner());
    await cachedCaller("test:expiring", async () => ({ actor, credentialExpiresAt: new Date(Date.now() + 100) }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await cachedCaller("test:expiring", async () => null)).toBeNull();
  });

  it("memberships are not cached: a removed member loses a private project at once", async () => {
    const owner = await createPartner();
    const member = await createPartner();
    const project = await createProjectFor(owner, { visibility: "PRIVATE", status: "PUBLISHED" });
    await addMemberWith(project.id, member.id, "DEVELOPER");
    const { viaToken } = await callers(member.id);
    const actor = (await viaToken())!;
    expect((await loadProject(actor, project.id)).membership).not.toBeNull();
    await removeMember(actorOf(owner), project.id, member.id, testMeta());
    await expect(loadProject((await viaToken())!, project.id)).rejects.toBeInstanceOf(NotFound);
  });
});
